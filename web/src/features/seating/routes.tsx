import { can } from '../../lib/permissions';
import type { ScreenGroup } from '../../lib/screens';

/** The seating map of an internal event: its view permission, as the event's board. */
export const seatingRoutes: ScreenGroup[] = [
  {
    allow: (user) => can(user, 'eventos_internos', 'view'),
    denied: { alert: 'No tienes permisos para ver eventos internos' },
    routes: [
      {
        path: '/eventos-internos/:id/seating',
        lazy: () => import('./components/seating-page').then((m) => ({ Component: m.SeatingPage })),
      },
    ],
  },
];
