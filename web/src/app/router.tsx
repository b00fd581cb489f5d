import { Navigate } from 'react-router-dom';
import type { ScreenGroup } from '../lib/screens';
import { GuestOnly, RequireAuth } from './guards';
import { PublicLayout } from './layout/public-layout';
import { RequirePermission } from './require-permission';
import { NotFoundPage } from './not-found';
import { Root, RouteLoading } from './root';
import type { AppRoute } from './routes';
import { GUEST_SCREENS, PUBLIC_SCREENS, STAFF_SCREENS } from './screens';

/** A feature's screens as route entries: a group with a rule sits under its RequirePermission. */
function toRoutes(groups: ScreenGroup[]): AppRoute[] {
  return groups.flatMap(({ allow, denied, routes }) => {
    const entries: AppRoute[] = routes.map(({ path, lazy, element }) => ({ path, lazy, element }));
    if (!allow) return entries;
    if (!denied) throw new Error(`Screens with a rule need their denial: ${routes.map((r) => r.path).join(', ')}`);
    return [{ element: <RequirePermission allow={allow} denied={denied} />, children: entries }];
  });
}

/**
 * The route table of spec 1 §2.1, built from the features' route manifests (features/<x>/routes.tsx):
 * each staff screen's permission is declared there, once, and read here and by the navigation
 * (screens.ts) — the pages themselves do not decide who may see them. The citizens' pages are in the
 * main bundle (the first thing most visitors open, often on a phone); the login, the staff layout and the
 * staff screens are loaded when first visited, each in its own chunk. `routes.tsx` renders this table with
 * the declarative router (a `lazy` entry becomes a React.lazy screen), which keeps the data router's code
 * out of the citizens' pages (docs/decisions.md).
 */
export const routeTable: AppRoute[] = [
  {
    element: <Root />,
    hydrateFallbackElement: <RouteLoading />,
    children: [
      { path: '/', element: <Navigate to="/eventos" replace /> },
      {
        element: <PublicLayout />,
        children: [...toRoutes(PUBLIC_SCREENS), { path: '*', element: <NotFoundPage /> }],
      },
      { element: <GuestOnly />, children: toRoutes(GUEST_SCREENS) },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: () => import('./layout/admin-layout').then((m) => ({ Component: m.AdminLayout })),
            children: toRoutes(STAFF_SCREENS),
          },
        ],
      },
    ],
  },
];
