import { createBrowserRouter, Navigate } from 'react-router-dom';
import { ComingSoon } from '../components/ui/coming-soon';
import { LoginPage } from '../features/auth/components/login-page';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { ExternalEventsPage } from '../features/external-events/components/external-events-page';
import { RegistrationsPage } from '../features/external-events/components/registrations-page';
import { PersonasPage } from '../features/personas/components/personas-page';
import { PrivacyNoticePage } from '../features/privacy-notice/components/privacy-notice-page';
import { EventsLandingPage } from '../features/public-events/components/events-landing-page';
import { PublicEventPage } from '../features/public-events/components/public-event-page';
import { UsersPage } from '../features/users/components/users-page';
import { registerNavigate } from '../lib/navigation';
import { GuestOnly, RequireAuth } from './guards';
import { AdminLayout } from './layout/admin-layout';
import { PublicLayout } from './layout/public-layout';
import { NotFoundPage } from './not-found';
import { Root } from './root';

/** The route table of spec 1 §2.1. Screens of later issues are placeholders for now. */
export const router = createBrowserRouter([
  {
    element: <Root />,
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
        children: [{ path: '/login', element: <LoginPage /> }],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AdminLayout />,
            children: [
              { path: '/dashboard', element: <DashboardPage /> },
              { path: '/users', element: <UsersPage /> },
              { path: '/eventos-externos', element: <ExternalEventsPage /> },
              { path: '/eventos-externos/:id/registros', element: <RegistrationsPage /> },
              { path: '/personas', element: <PersonasPage /> },
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
