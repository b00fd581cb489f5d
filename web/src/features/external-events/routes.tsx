import { can, hasAnyAccess } from '../../lib/permissions';
import type { ScreenGroup } from '../../lib/screens';

/** Eventos Externos: the screens need view; the link shows with any action of the area (spec 1 §2.2, §6). */
export const externalEventsRoutes: ScreenGroup[] = [
  {
    allow: (user) => can(user, 'eventos_externos', 'view'),
    denied: { alert: 'No tienes permisos para ver eventos externos' },
    nav: { label: 'Eventos Externos', listed: (user) => hasAnyAccess(user, 'eventos_externos') },
    routes: [
      {
        path: '/eventos-externos',
        lazy: () => import('./components/external-events-page').then((m) => ({ Component: m.ExternalEventsPage })),
      },
      {
        path: '/eventos-externos/:id/registros',
        lazy: () => import('./components/registrations-page').then((m) => ({ Component: m.RegistrationsPage })),
      },
    ],
  },
];
