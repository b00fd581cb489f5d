import type { FeatureScreens } from '../../lib/screens';
import { PrivacyNoticePage } from './components/privacy-notice-page';

export const screens: FeatureScreens = {
  layout: 'public',
  order: 20,
  groups: [{ routes: [{ path: '/aviso-de-privacidad', element: <PrivacyNoticePage /> }] }],
};
