/**
 * What a feature tells the app about its screens (features/<x>/routes.tsx, or public-routes.tsx for the citizens' pages): their paths, who may open
 * them, what the others see instead, the navigation link and the page (lazy for the staff screens). The
 * router and the navigation both read these, so a screen's permission is written once, in its feature.
 */
import type { ComponentType, ReactNode } from 'react';
import type { UserResponse } from '@shared/contracts/users.contract';
import { can, type Area } from './permissions';

/** What a screen does for a signed-in user without the permission (each spec screen words it its own way). */
export type Denied =
  /** Spec 1 §2.6: a browser alert, then back to the dashboard. */
  | { alert: string }
  /** Spec 3 §8 (people): back to the dashboard with an error toast. */
  | { toast: string }
  /** A notice in place of the screen; with `redirectAfterMs`, then back to the dashboard (spec 3 §6: 1.5 s). */
  | { title: string; message: string; redirectAfterMs?: number; testId?: string };

export interface ScreenRoute {
  path: string;
  /** A page loaded when first visited, in its own chunk (the staff screens, the login, most citizens' pages). */
  lazy?: () => Promise<{ Component: ComponentType }>;
  /** A page in the first bundle (the events landing, the first thing most visitors open). */
  element?: ReactNode;
  /** Starts the page's first request before React renders, when the page is the one opened (app/public-screens.ts, lib/early.ts). */
  prefetch?: (params: Readonly<Record<string, string | undefined>>) => void;
}

/** The notice most staff screens show in their place ('Sin permisos'); `testId` names the screen's. */
export const noPermissionNotice = (testId: string, redirectAfterMs?: number): Denied => ({
  title: 'Sin permisos',
  message: 'No tienes permisos para ver esta página',
  redirectAfterMs,
  testId,
});

/** Spec 1 §2.6: the events areas' screens refuse with an alert naming the area. */
export const EVENTS_VIEW_DENIED = {
  eventos_externos: { alert: 'No tienes permisos para ver eventos externos' },
  eventos_internos: { alert: 'No tienes permisos para ver eventos internos' },
} satisfies Partial<Record<Area, Denied>>;

/** A group of screens the view action of one area opens. */
export function viewGroup(area: Area, denied: Denied, group: Omit<ScreenGroup, 'allow' | 'denied'>): ScreenGroup {
  return { allow: (user) => can(user, area, 'view'), denied, ...group };
}

export interface ScreenGroup {
  /** Who may open these screens; without it, anyone who reaches the layout. */
  allow?: (user: UserResponse) => boolean;
  denied?: Denied;
  /** The admin navigation's link: its label, and who sees it when that is not `allow` (spec 1 §2.2, §6). */
  nav?: {
    label: string;
    to?: string;
    listed?: (user: UserResponse) => boolean;
    /** Other paths of the link's section: the link shows as the current one there too (e.g. 'Privacidad'). */
    section?: readonly string[];
    /**
     * 'account': listed in the user menu (and the mobile menu's account part) beside 'Tokens de API', not in the top
     * navigation — the integration tools, which the spec's navigation does not name and which would push its links
     * past the bar at 1280 px.
     */
    menu?: 'account';
  };
  routes: ScreenRoute[];
}

/**
 * A feature's route manifest: `export const screens: FeatureScreens` in features/<x>/routes.tsx. The app
 * finds every manifest itself (app/screens.ts, import.meta.glob): a new feature registers nowhere else.
 */
export interface FeatureScreens {
  /** Where the screens sit: the citizens' layout, signed-out only (the login), or the staff's (signed in). */
  layout: 'public' | 'guest' | 'staff';
  /** The feature's place among its layout's features: the order of the admin navigation (spec 1 §2.2). */
  order?: number;
  groups: ScreenGroup[];
}

/** The screens of one layout among `manifests`, features in their declared order (then by folder name). */
export function screensOf(manifests: FeatureScreens[], layout: FeatureScreens['layout']): ScreenGroup[] {
  return manifests
    .filter((m) => m.layout === layout)
    .sort((a, b) => (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER))
    .flatMap((m) => m.groups);
}

/**
 * A manifest in the wrong file (a citizens' page in routes.tsx, a staff screen in public-routes.tsx) is an
 * error at start-up, not a page that silently never matches.
 */
export function expectLayouts(manifests: Record<string, FeatureScreens>, allowed: FeatureScreens['layout'][]): void {
  for (const [file, m] of Object.entries(manifests)) {
    if (!allowed.includes(m.layout))
      throw new Error(`${file}: a '${m.layout}' manifest belongs in ${m.layout === 'public' ? 'public-routes.tsx' : 'routes.tsx'}`);
  }
}

/** A page loaded when first visited: `lazyPage(() => import('./components/x-page'), 'XPage')`. */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): () => Promise<{ Component: ComponentType }> {
  return () => load().then((m) => ({ Component: m[name] as ComponentType }));
}
