import { can } from '../../lib/permissions';
import { lazyPage, type FeatureScreens } from '../../lib/screens';

/** The occupancy board of each event: view rights on the event's area; no navigation link of its own. */
export const screens: FeatureScreens = {
  layout: 'staff',
  order: 35,
  groups: [
    {
      allow: (user) => can(user, 'eventos_externos', 'view'),
      denied: { alert: 'No tienes permisos para ver eventos externos' },
      routes: [
        { path: '/eventos-externos/:id/aforo', lazy: lazyPage(() => import('./components/occupancy-page'), 'ExternalOccupancyPage') },
      ],
    },
    {
      allow: (user) => can(user, 'eventos_internos', 'view'),
      denied: { alert: 'No tienes permisos para ver eventos internos' },
      routes: [
        { path: '/eventos-internos/:id/aforo', lazy: lazyPage(() => import('./components/occupancy-page'), 'InternalOccupancyPage') },
      ],
    },
  ],
};
