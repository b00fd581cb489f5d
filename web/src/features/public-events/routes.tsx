import type { ScreenGroup } from '../../lib/screens';
import { EventsLandingPage } from './components/events-landing-page';
import { PublicEventPage } from './components/public-event-page';

/** The citizens' events: in the main bundle (the first thing most visitors open, often on a phone). */
export const publicEventsRoutes: ScreenGroup[] = [
  {
    routes: [
      { path: '/eventos', element: <EventsLandingPage /> },
      { path: '/eventos/:slug', element: <PublicEventPage /> },
    ],
  },
];
