import { lazyPage, type FeatureScreens } from '../../lib/screens';
import { prefetchPublicInternalEvent } from './api/get-public-internal-event';

/** An invitation's confirmation page (no login): loaded when first visited. */
export const screens: FeatureScreens = {
  layout: 'public',
  order: 30,
  groups: [
    {
      routes: [
        {
          path: '/evento-interno/:slugOrId',
          lazy: lazyPage(() => import('./components/public-internal-event-page'), 'PublicInternalEventPage'),
          prefetch: ({ slugOrId }) => prefetchPublicInternalEvent(slugOrId!),
        },
      ],
    },
  ],
};
