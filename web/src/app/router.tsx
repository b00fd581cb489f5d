import { Navigate } from 'react-router-dom';
import { canInAnyArea } from '@shared/permissions';
import { PROGRAM_PERMISSION_AREAS } from '@shared/contracts/programs.contract';
import { PrivacyNoticePage } from '../features/privacy-notice/components/privacy-notice-page';
import { EventsLandingPage } from '../features/public-events/components/events-landing-page';
import { PublicEventPage } from '../features/public-events/components/public-event-page';
import { PROGRAMS_DENIED_REDIRECT_MS } from '../lib/constants';
import { can, canSeePersonas } from '../lib/permissions';
import { PublicInternalEventPage } from '../features/public-internal-event/components/public-internal-event-page';
import { GuestOnly, RequireAuth } from './guards';
import { PublicLayout } from './layout/public-layout';
import { RequirePermission } from './require-permission';
import { NotFoundPage } from './not-found';
import { Root, RouteLoading } from './root';
import type { AppRoute } from './routes';

/**
 * The route table of spec 1 §2.1, with each staff screen's permission declared here (RequirePermission) —
 * the pages themselves do not decide who may see them. Screens of later issues are placeholders for now.
 * The citizens' pages are in the main bundle (the first thing most visitors open, often on a phone); the
 * login, the staff layout and the staff screens are loaded when first visited, each in its own chunk.
 * `routes.tsx` renders this table with the declarative router (a `lazy` entry becomes a React.lazy
 * screen), which keeps the data router's code out of the citizens' pages (docs/decisions.md).
 */
export const routeTable: AppRoute[] = [
  {
    element: <Root />,
    hydrateFallbackElement: <RouteLoading />,
    children: [
      { path: '/', element: <Navigate to="/eventos" replace /> },
      {
        element: <PublicLayout />,
        children: [
          { path: '/eventos', element: <EventsLandingPage /> },
          { path: '/eventos/:slug', element: <PublicEventPage /> },
          { path: '/aviso-de-privacidad', element: <PrivacyNoticePage /> },
          { path: '/evento-interno/:slugOrId', element: <PublicInternalEventPage /> },
          {
            path: '/programas/:slug',
            lazy: () =>
              import('../features/public-programs/components/public-program-page').then((m) => ({ Component: m.PublicProgramPage })),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <GuestOnly />,
        children: [
          { path: '/login', lazy: () => import('../features/auth/components/login-page').then((m) => ({ Component: m.LoginPage })) },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: () => import('./layout/admin-layout').then((m) => ({ Component: m.AdminLayout })),
            children: [
              {
                path: '/dashboard',
                lazy: () => import('../features/dashboard/components/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
              },
              {
                element: (
                  <RequirePermission
                    allow={(user) => user.is_super_admin}
                    denied={{
                      title: 'Gestionar Usuarios',
                      message: 'No tienes permisos para gestionar usuarios. Esta sección es solo para super administradores.',
                      testId: 'users-no-access',
                    }}
                  />
                ),
                children: [
                  {
                    path: '/users',
                    lazy: () => import('../features/users/components/users-page').then((m) => ({ Component: m.UsersPage })),
                  },
                ],
              },
              {
                element: (
                  <RequirePermission
                    allow={(user) => can(user, 'eventos_externos', 'view')}
                    denied={{ alert: 'No tienes permisos para ver eventos externos' }}
                  />
                ),
                children: [
                  {
                    path: '/eventos-externos',
                    lazy: () =>
                      import('../features/external-events/components/external-events-page').then((m) => ({
                        Component: m.ExternalEventsPage,
                      })),
                  },
                  {
                    path: '/eventos-externos/:id/registros',
                    lazy: () =>
                      import('../features/external-events/components/registrations-page').then((m) => ({ Component: m.RegistrationsPage })),
                  },
                ],
              },
              {
                element: (
                  <RequirePermission
                    allow={(user) => canSeePersonas(user)}
                    denied={{ toast: 'No tienes permisos para ver la Base de Personas' }}
                  />
                ),
                children: [
                  {
                    path: '/personas',
                    lazy: () => import('../features/personas/components/personas-page').then((m) => ({ Component: m.PersonasPage })),
                  },
                ],
              },
              {
                element: (
                  <RequirePermission
                    allow={(user) => can(user, 'eventos_internos', 'view')}
                    denied={{ alert: 'No tienes permisos para ver eventos internos' }}
                  />
                ),
                children: [
                  {
                    path: '/eventos-internos',
                    lazy: () =>
                      import('../features/internal-events/components/internal-events-page').then((m) => ({
                        Component: m.InternalEventsPage,
                      })),
                  },
                  {
                    path: '/eventos-internos/:id',
                    lazy: () =>
                      import('../features/internal-events/components/internal-event-detail-page').then((m) => ({
                        Component: m.InternalEventDetailPage,
                      })),
                  },
                  {
                    path: '/eventos-internos/:id/seating',
                    lazy: () => import('../features/seating/components/seating-page').then((m) => ({ Component: m.SeatingPage })),
                  },
                  {
                    path: '/eventos-internos/:id/invitaciones',
                    lazy: () =>
                      import('../features/internal-events/components/invitations-page').then((m) => ({ Component: m.InvitationsPage })),
                  },
                ],
              },
              {
                element: (
                  <RequirePermission
                    allow={(user) => can(user, 'eventos_internos', 'edit')}
                    denied={{ alert: 'No tienes permisos para editar eventos internos' }}
                  />
                ),
                children: [
                  {
                    path: '/eventos-internos/:id/edit',
                    lazy: () =>
                      import('../features/internal-events/components/internal-event-edit-page').then((m) => ({
                        Component: m.InternalEventEditPage,
                      })),
                  },
                  {
                    path: '/eventos-internos/:id/check-in',
                    lazy: () => import('../features/internal-events/components/check-in-page').then((m) => ({ Component: m.CheckInPage })),
                  },
                ],
              },
              {
                element: (
                  <RequirePermission
                    allow={(user) => canInAnyArea(user, PROGRAM_PERMISSION_AREAS, 'view')}
                    denied={{
                      title: 'Sin permisos',
                      message: 'No tienes permisos para ver esta página',
                      redirectAfterMs: PROGRAMS_DENIED_REDIRECT_MS,
                      testId: 'programs-denied',
                    }}
                  />
                ),
                children: [
                  {
                    path: '/programas-servicios',
                    lazy: () => import('../features/programs/components/programs-page').then((m) => ({ Component: m.ProgramsPage })),
                  },
                ],
              },
              {
                // Spaces serve internal events: their view permission opens the screen, as on the server (docs/decisions.md).
                element: (
                  <RequirePermission
                    allow={(user) => can(user, 'eventos_internos', 'view')}
                    denied={{
                      title: 'Gestión de Espacios',
                      message: 'No tienes permisos para ver los espacios.',
                      testId: 'spaces-no-access',
                    }}
                  />
                ),
                children: [
                  {
                    path: '/espacios',
                    lazy: () => import('../features/spaces/components/spaces-page').then((m) => ({ Component: m.SpacesPage })),
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
