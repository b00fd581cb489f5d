import { can } from '../../lib/permissions';
import { lazyPage, type FeatureScreens } from '../../lib/screens';

/** The seating map of an internal event: its view permission, as the event's board. */
export const screens: FeatureScreens = {
  layout: 'staff',
  order: 35,
  groups: [
    {
      allow: (user) => can(user, 'eventos_internos', 'view'),
      denied: { alert: 'No tienes permisos para ver eventos internos' },
      routes: [{ path: '/eventos-internos/:id/seating', lazy: lazyPage(() => import('./components/seating-page'), 'SeatingPage') }],
    },
  ],
};
