import { EVENTS_VIEW_DENIED, lazyPage, viewGroup, type FeatureScreens } from '../../lib/screens';

/** The seating map of an internal event: its view permission, as the event's board. */
export const screens: FeatureScreens = {
  layout: 'staff',
  order: 35,
  groups: [
    viewGroup('eventos_internos', EVENTS_VIEW_DENIED.eventos_internos, {
      routes: [{ path: '/eventos-internos/:id/seating', lazy: lazyPage(() => import('./components/seating-page'), 'SeatingPage') }],
    }),
  ],
};
