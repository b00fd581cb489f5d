import { can } from '../../lib/permissions';
import { EVENTS_VIEW_DENIED, lazyPage, viewGroup, type FeatureScreens } from '../../lib/screens';

/**
 * Eventos Internos: view opens the list, the board and the invitations; edit the edit page. The check-in desk became
 * the event's door (features/door, /eventos-internos/{id}/puerta): its old address sends there.
 */
export const screens: FeatureScreens = {
  layout: 'staff',
  order: 30,
  groups: [
    viewGroup('eventos_internos', EVENTS_VIEW_DENIED.eventos_internos, {
      nav: { label: 'Eventos Internos' },
      routes: [
        { path: '/eventos-internos', lazy: lazyPage(() => import('./components/internal-events-page'), 'InternalEventsPage') },
        {
          path: '/eventos-internos/:id',
          lazy: lazyPage(() => import('./components/internal-event-detail-page'), 'InternalEventDetailPage'),
        },
        { path: '/eventos-internos/:id/invitaciones', lazy: lazyPage(() => import('./components/invitations-page'), 'InvitationsPage') },
      ],
    }),
    {
      allow: (user) => can(user, 'eventos_internos', 'edit'),
      denied: { alert: 'No tienes permisos para editar eventos internos' },
      routes: [
        {
          path: '/eventos-internos/:id/edit',
          lazy: lazyPage(() => import('./components/internal-event-edit-page'), 'InternalEventEditPage'),
        },
        { path: '/eventos-internos/:id/check-in', lazy: lazyPage(() => import('./components/check-in-redirect'), 'CheckInRedirect') },
      ],
    },
  ],
};
