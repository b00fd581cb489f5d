import { can } from '../../lib/permissions';
import type { ScreenGroup } from '../../lib/screens';

/** Eventos Internos: view opens the list, the board and the invitations; edit the edit page and the check-in desk. */
export const internalEventsRoutes: ScreenGroup[] = [
  {
    allow: (user) => can(user, 'eventos_internos', 'view'),
    denied: { alert: 'No tienes permisos para ver eventos internos' },
    nav: { label: 'Eventos Internos' },
    routes: [
      {
        path: '/eventos-internos',
        lazy: () => import('./components/internal-events-page').then((m) => ({ Component: m.InternalEventsPage })),
      },
      {
        path: '/eventos-internos/:id',
        lazy: () => import('./components/internal-event-detail-page').then((m) => ({ Component: m.InternalEventDetailPage })),
      },
      {
        path: '/eventos-internos/:id/invitaciones',
        lazy: () => import('./components/invitations-page').then((m) => ({ Component: m.InvitationsPage })),
      },
    ],
  },
  {
    allow: (user) => can(user, 'eventos_internos', 'edit'),
    denied: { alert: 'No tienes permisos para editar eventos internos' },
    routes: [
      {
        path: '/eventos-internos/:id/edit',
        lazy: () => import('./components/internal-event-edit-page').then((m) => ({ Component: m.InternalEventEditPage })),
      },
      {
        path: '/eventos-internos/:id/check-in',
        lazy: () => import('./components/check-in-page').then((m) => ({ Component: m.CheckInPage })),
      },
    ],
  },
];
