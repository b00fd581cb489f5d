import { SetMetadata } from '@nestjs/common';
import type { Action, Area } from '@shared/permissions';

/** Who may call a route. Every handler declares exactly one; the AccessGuard refuses the rest. */
export type AccessRule =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'super-admin' }
  | { kind: 'metrics' }
  | { kind: 'permission'; area: Area; actions: Action[]; mode: 'all' | 'any' }
  | { kind: 'permission-in-any-area'; areas: Area[]; action: Action };

export const ACCESS_RULE = 'aforo:access-rule';
export const BEFORE_PASSWORD_CHANGE = 'aforo:before-password-change';

/**
 * A signed-in route an account that must change its password may still call (changing it, signing out, who am I).
 * Every other route answers 403 PASSWORD_CHANGE_REQUIRED to that session (docs/decisions/seguridad.md «Sin contraseña
 * inicial fija»).
 */
export const AllowedBeforePasswordChange = () => SetMetadata(BEFORE_PASSWORD_CHANGE, true);

/** Anyone, signed in or not. A bearer token, when sent and valid, still identifies the caller. */
export const Public = () => SetMetadata(ACCESS_RULE, { kind: 'public' } satisfies AccessRule);
/** Any signed-in staff member. */
export const SignedIn = () => SetMetadata(ACCESS_RULE, { kind: 'signed-in' } satisfies AccessRule);
/** Super admins only. */
export const SuperAdminOnly = () => SetMetadata(ACCESS_RULE, { kind: 'super-admin' } satisfies AccessRule);
/**
 * A scraper of the process's metrics: this machine, or whoever sends METRICS_TOKEN as its bearer token (metrics-access.ts).
 * No user session: the token is not a JWT and names nobody.
 */
export const MetricsReader = () => SetMetadata(ACCESS_RULE, { kind: 'metrics' } satisfies AccessRule);
/** Signed-in staff whose permissions include every listed action in the area (super admins always). */
export const RequirePermission = (area: Area, ...actions: [Action, ...Action[]]) =>
  SetMetadata(ACCESS_RULE, { kind: 'permission', area, actions, mode: 'all' } satisfies AccessRule);
/** Signed-in staff whose permissions include at least one of the actions in the area. */
export const RequireAnyPermission = (area: Area, ...actions: [Action, ...Action[]]) =>
  SetMetadata(ACCESS_RULE, { kind: 'permission', area, actions, mode: 'any' } satisfies AccessRule);
/** Signed-in staff whose permissions include the action in at least one of the areas (super admins always). */
export const RequirePermissionInAnyArea = (areas: readonly [Area, ...Area[]], action: Action) =>
  SetMetadata(ACCESS_RULE, { kind: 'permission-in-any-area', areas: [...areas], action } satisfies AccessRule);
