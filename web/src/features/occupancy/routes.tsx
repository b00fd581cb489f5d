import { EVENTS_VIEW_DENIED, lazyPage, viewGroup, type FeatureScreens } from '../../lib/screens';

/** The occupancy board of each event: view rights on the event's area; no navigation link of its own. */
export const screens: FeatureScreens = {
  layout: 'staff',
  order: 35,
  groups: [
    viewGroup('eventos_externos', EVENTS_VIEW_DENIED.eventos_externos, {
      routes: [
        { path: '/eventos-externos/:id/aforo', lazy: lazyPage(() => import('./components/occupancy-page'), 'ExternalOccupancyPage') },
      ],
    }),
    viewGroup('eventos_internos', EVENTS_VIEW_DENIED.eventos_internos, {
      routes: [
        { path: '/eventos-internos/:id/aforo', lazy: lazyPage(() => import('./components/occupancy-page'), 'InternalOccupancyPage') },
      ],
    }),
  ],
};
