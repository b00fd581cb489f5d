import { lazyPage, type FeatureScreens } from '../../lib/screens';
import { EventsLandingPage } from './components/events-landing-page';
import { prefetchPublicEvent } from './api/get-public-event';
import { prefetchPublicEvents } from './api/get-public-events';

/**
 * The citizens' events. The landing is in the main bundle (the first thing most visitors open, often on a
 * phone); an event's page and its registration form load when first visited (docs/decisions/web.md).
 */
export const screens: FeatureScreens = {
  layout: 'public',
  order: 10,
  groups: [
    {
      routes: [
        { path: '/eventos', element: <EventsLandingPage />, prefetch: prefetchPublicEvents },
        {
          path: '/eventos/:slug',
          lazy: lazyPage(() => import('./components/public-event-page'), 'PublicEventPage'),
          prefetch: ({ slug }) => prefetchPublicEvent(slug!),
        },
      ],
    },
  ],
};
