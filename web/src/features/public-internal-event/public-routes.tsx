import type { FeatureScreens } from '../../lib/screens';
import { PublicInternalEventPage } from './components/public-internal-event-page';

/** An invitation's confirmation page (no login). */
export const screens: FeatureScreens = {
  layout: 'public',
  order: 30,
  groups: [{ routes: [{ path: '/evento-interno/:slugOrId', element: <PublicInternalEventPage /> }] }],
};
