import { createBrowserRouter, Navigate } from 'react-router-dom';
import { ComingSoon } from '../components/ui/coming-soon';
import { PrivacyNoticePage } from '../features/privacy-notice/components/privacy-notice-page';
import { EventsLandingPage } from '../features/public-events/components/events-landing-page';
import { PublicEventPage } from '../features/public-events/components/public-event-page';
import { registerNavigate } from '../lib/navigation';
import { GuestOnly, RequireAuth } from './guards';
import { AdminLayout } from './layout/admin-layout';
import { PublicLayout } from './layout/public-layout';
import { NotFoundPage } from './not-found';
import { Root, RouteLoading } from './root';

/**
 * The route table of spec 1 §2.1. Screens of later issues are placeholders for now.
 * The citizens' pages are in the main bundle (the first thing most visitors open, often on a phone); the
 * login and the staff screens are loaded when first visited, each in its own chunk.
 */
export const router = createBrowserRouter([
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
          { path: '/evento-interno/:slugOrId', element: <ComingSoon title="Confirmación de Asistencia" /> },
          { path: '/programas/:slug', element: <ComingSoon title="Registro a Programa" /> },
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
            element: <AdminLayout />,
            children: [
              {
                path: '/dashboard',
                lazy: () => import('../features/dashboard/components/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
              },
              { path: '/users', lazy: () => import('../features/users/components/users-page').then((m) => ({ Component: m.UsersPage })) },
              {
                path: '/eventos-externos',
                lazy: () =>
                  import('../features/external-events/components/external-events-page').then((m) => ({ Component: m.ExternalEventsPage })),
              },
              {
                path: '/eventos-externos/:id/registros',
                lazy: () =>
                  import('../features/external-events/components/registrations-page').then((m) => ({ Component: m.RegistrationsPage })),
              },
              {
                path: '/personas',
                lazy: () => import('../features/personas/components/personas-page').then((m) => ({ Component: m.PersonasPage })),
              },
              { path: '/eventos-internos', element: <ComingSoon title="Eventos Internos" /> },
              { path: '/eventos-internos/:id', element: <ComingSoon title="Detalle del Evento Interno" /> },
              { path: '/eventos-internos/:id/edit', element: <ComingSoon title="Editar Evento Interno" /> },
              { path: '/eventos-internos/:id/seating', element: <ComingSoon title="Gestión de Asientos" /> },
              { path: '/programas-servicios', element: <ComingSoon title="Programas y Servicios" /> },
              { path: '/espacios', element: <ComingSoon title="Espacios" /> },
            ],
          },
        ],
      },
    ],
  },
]);

registerNavigate((to, options) => {
  void router.navigate(to, options);
});
