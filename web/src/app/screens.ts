import type { FeatureScreens, ScreenGroup } from '../lib/screens';
import type { UserResponse } from '@shared/contracts/users.contract';

/**
 * Every feature's route manifest (features/<x>/routes.tsx), found at build time. Eager: the manifests are
 * tiny (paths, rules, labels); the staff pages they name stay lazy, each in its own chunk, and only the
 * citizens' pages are in the main bundle.
 */
const MANIFESTS = import.meta.glob<FeatureScreens>('../features/*/routes.tsx', { eager: true, import: 'screens' });

/** The screens of one layout, features in their declared order (then by folder name). */
function screensOf(layout: FeatureScreens['layout']): ScreenGroup[] {
  return Object.values(MANIFESTS)
    .filter((m) => m.layout === layout)
    .sort((a, b) => (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER))
    .flatMap((m) => m.groups);
}

/** The citizens' pages (public layout). */
export const PUBLIC_SCREENS: ScreenGroup[] = screensOf('public');

/** Signed-out only. */
export const GUEST_SCREENS: ScreenGroup[] = screensOf('guest');

/** The staff screens, in the order of the admin navigation (spec 1 §2.2). */
export const STAFF_SCREENS: ScreenGroup[] = screensOf('staff');

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
