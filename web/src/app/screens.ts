import { expectLayouts, screensOf, type FeatureScreens, type ScreenGroup } from '../lib/screens';
import type { UserResponse } from '@shared/contracts/users.contract';
import { ACCOUNT_LINKS } from '../lib/navigation';

/**
 * Every feature's route manifest for the login and the staff screens (features/<x>/routes.tsx), found at
 * build time. Read by the staff routes (app/staff-router.tsx) and the admin navigation, both in the staff
 * app's chunk: eager there (the manifests are tiny: paths, rules, labels), the pages they name stay lazy,
 * each in its own chunk. The citizens' pages are declared apart (public-routes.tsx, app/public-screens.ts).
 */
const MANIFESTS = import.meta.glob<FeatureScreens>('../features/*/routes.tsx', { eager: true, import: 'screens' });
expectLayouts(MANIFESTS, ['guest', 'staff']);

/** Signed-out only. */
export const GUEST_SCREENS: ScreenGroup[] = screensOf(Object.values(MANIFESTS), 'guest');

/** The staff screens, in the order of the admin navigation (spec 1 §2.2). */
export const STAFF_SCREENS: ScreenGroup[] = screensOf(Object.values(MANIFESTS), 'staff');

export interface NavLink {
  to: string;
  label: string;
  /** Paths besides `to` (and below them) where this link is the current section. */
  section: readonly string[];
}

/** Whether `pathname` is the link's own screen or one of its section's (the link shows as the current one). */
export function inNavSection(link: NavLink, pathname: string): boolean {
  return [link.to, ...link.section].some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** The admin navigation of spec 1 §2.2, in its order, filtered by §6: each screen's own rule (routes.tsx). */
export function navLinksFor(user: UserResponse | null | undefined): NavLink[] {
  return linksFor(user, undefined);
}

/** The user menu's links: the person's own screens (Tokens de API), then the screens placed there (`menu: 'account'`). */
export function accountLinksFor(user: UserResponse | null | undefined): NavLink[] {
  return [...ACCOUNT_LINKS.map((link) => ({ ...link, section: [] })), ...linksFor(user, 'account')];
}

function linksFor(user: UserResponse | null | undefined, menu: 'account' | undefined): NavLink[] {
  return STAFF_SCREENS.flatMap(({ nav, allow, routes }) => {
    if (!nav || nav.menu !== menu) return [];
    const listed = nav.listed ?? allow;
    if (listed && !(user && listed(user))) return [];
    return [{ to: nav.to ?? routes[0].path, label: nav.label, section: nav.section ?? [] }];
  });
}
