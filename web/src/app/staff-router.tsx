import { useRoutes } from 'react-router-dom';
import type { ScreenGroup } from '../lib/screens';
import { GuestOnly, RequireAuth } from './guards';
import { AdminLayout } from './layout/admin-layout';
import { PublicLayout } from './layout/public-layout';
import { NotFoundPage } from './not-found';
import { RequirePermission } from './require-permission';
import { RouteLoading } from './root';
import { toRouteObjects, type AppRoute } from './routes';
import { GUEST_SCREENS, STAFF_SCREENS } from './screens';

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
 * The rest of the route table of spec 1 §2.1, behind the citizens' pages (app/router.tsx): the login, the
 * staff screens under the admin layout, and the public "not found" for any other path. Its own chunk, with
 * the guards, the admin layout and the staff manifests; each staff screen stays in its own chunk.
 */
const staffTable: AppRoute[] = [
  { element: <PublicLayout />, children: [{ path: '*', element: <NotFoundPage /> }] },
  { element: <GuestOnly />, children: toRoutes(GUEST_SCREENS) },
  { element: <RequireAuth />, children: [{ element: <AdminLayout />, children: toRoutes(STAFF_SCREENS) }] },
];

const routes = toRouteObjects(staffTable, <RouteLoading />);

export function StaffRoutes() {
  return useRoutes(routes);
}
