import { Navigate } from 'react-router-dom';
import { PublicLayout } from './layout/public-layout';
import { PUBLIC_SCREENS } from './public-screens';
import { Root, RouteLoading } from './root';
import type { AppRoute } from './routes';

/**
 * The route table of spec 1 §2.1. The first bundle holds only what a citizen needs: the public layout,
 * the events landing (the first thing most visitors open, often on a phone), and the other citizens' pages
 * from their manifests (features/<x>/public-routes.tsx), each loaded when first visited. Every other path
 * (the login, the staff screens, a page that does not exist) goes to the staff routes (staff-router.tsx),
 * a chunk of their own with the guards, the admin layout and the staff manifests; the pages themselves
 * stay lazy there. `routes.tsx` renders the tables with the declarative router (a `lazy` entry becomes a
 * React.lazy screen), which keeps the data router's code out of the citizens' pages (docs/decisions.md).
 */
export const routeTable: AppRoute[] = [
  {
    element: <Root />,
    hydrateFallbackElement: <RouteLoading />,
    children: [
      { path: '/', element: <Navigate to="/eventos" replace /> },
      {
        element: <PublicLayout />,
        children: PUBLIC_SCREENS.flatMap(({ routes }) => routes.map(({ path, lazy, element }) => ({ path, lazy, element }))),
      },
      { path: '*', lazy: () => import('./staff-router').then((m) => ({ Component: m.StaffRoutes })) },
    ],
  },
];
