import type { ScreenGroup } from '../lib/screens';
import type { UserResponse } from '@shared/contracts/users.contract';
import { authRoutes } from '../features/auth/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { externalEventsRoutes } from '../features/external-events/routes';
import { internalEventsRoutes } from '../features/internal-events/routes';
import { personasRoutes } from '../features/personas/routes';
import { privacyNoticeRoutes } from '../features/privacy-notice/routes';
import { programsRoutes } from '../features/programs/routes';
import { publicEventsRoutes } from '../features/public-events/routes';
import { publicInternalEventRoutes } from '../features/public-internal-event/routes';
import { publicProgramsRoutes } from '../features/public-programs/routes';
import { seatingRoutes } from '../features/seating/routes';
import { spacesRoutes } from '../features/spaces/routes';
import { usersRoutes } from '../features/users/routes';

/** The citizens' pages (public layout). */
export const PUBLIC_SCREENS: ScreenGroup[] = [
  ...publicEventsRoutes,
  ...privacyNoticeRoutes,
  ...publicInternalEventRoutes,
  ...publicProgramsRoutes,
];

/** Signed-out only. */
export const GUEST_SCREENS: ScreenGroup[] = authRoutes;

/** The staff screens, in the order of the admin navigation (spec 1 §2.2). */
export const STAFF_SCREENS: ScreenGroup[] = [
  ...dashboardRoutes,
  ...externalEventsRoutes,
  ...internalEventsRoutes,
  ...seatingRoutes,
  ...personasRoutes,
  ...programsRoutes,
  ...usersRoutes,
  ...spacesRoutes,
];

export interface NavLink {
  to: string;
  label: string;
}

/** The admin navigation of spec 1 §2.2, in its order, filtered by §6: each screen's own rule (routes.tsx). */
export function navLinksFor(user: UserResponse | null | undefined): NavLink[] {
  return STAFF_SCREENS.flatMap(({ nav, allow, routes }) => {
    if (!nav) return [];
    const listed = nav.listed ?? allow;
    if (listed && !(user && listed(user))) return [];
    return [{ to: nav.to ?? routes[0].path, label: nav.label }];
  });
}
