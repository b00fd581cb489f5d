import type { ScreenGroup } from '../../lib/screens';
import { PublicInternalEventPage } from './components/public-internal-event-page';

/** An invitation's confirmation page (no login). */
export const publicInternalEventRoutes: ScreenGroup[] = [
  { routes: [{ path: '/evento-interno/:slugOrId', element: <PublicInternalEventPage /> }] },
];
