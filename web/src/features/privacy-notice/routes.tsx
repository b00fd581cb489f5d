import type { ScreenGroup } from '../../lib/screens';
import { PrivacyNoticePage } from './components/privacy-notice-page';

export const privacyNoticeRoutes: ScreenGroup[] = [{ routes: [{ path: '/aviso-de-privacidad', element: <PrivacyNoticePage /> }] }];
