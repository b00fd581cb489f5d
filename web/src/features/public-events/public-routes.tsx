import type { FeatureScreens } from '../../lib/screens';
import { EventsLandingPage } from './components/events-landing-page';
import { PublicEventPage } from './components/public-event-page';

/** The citizens' events: in the main bundle (the first thing most visitors open, often on a phone). */
export const screens: FeatureScreens = {
  layout: 'public',
  order: 10,
  groups: [
    {
      routes: [
        { path: '/eventos', element: <EventsLandingPage /> },
        { path: '/eventos/:slug', element: <PublicEventPage /> },
      ],
    },
  ],
};
