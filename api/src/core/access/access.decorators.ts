import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
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
/**
 * The rule as the OpenAPI document carries it on each operation; core/http/openapi-schemas.ts turns it into the
 * operation's `security` (public: none; the rest: the bearer) and keeps it for integrators (which scope a token needs).
 */
export const ACCESS_EXTENSION = 'x-aforo-access';
export const API_TOKEN_EXTENSION = 'x-aforo-api-token';

export const BEFORE_PASSWORD_CHANGE = 'aforo:before-password-change';
export const API_TOKEN_ALLOWED = 'aforo:api-token-allowed';

/**
 * A signed-in route an account that must change its password may still call (changing it, signing out, who am I):
 * `SignedIn({ beforePasswordChange: true })`. Every other route answers 403 PASSWORD_CHANGE_REQUIRED to that session
 * (docs/decisions/seguridad.md «Sin contraseña inicial fija»).
 */
const AllowedBeforePasswordChange = () => SetMetadata(BEFORE_PASSWORD_CHANGE, true);

/**
 * A signed-in route an API token may call too (who am I, the tokens themselves): `SignedIn({ apiToken: true })`. A
 * token reaches the routes of a permission through its scopes; the other signed-in routes (password, sign out) and
 * super admins' routes are a person's, never a token's (docs/decisions/seguridad.md «Tokens de API»).
 */
const ApiTokenAllowed = () => applyDecorators(SetMetadata(API_TOKEN_ALLOWED, true), ApiExtension(API_TOKEN_EXTENSION, true));

declare const accessBrand: unique symbol;
/**
 * An access decorator (below): what a route's declaration takes as its `access` (core/http/endpoint.ts), so a route
 * cannot be declared without one. A decorator of its own too, for the routes outside the OpenAPI document (metrics,
 * the queue dashboard's pages).
 */
export type Access = ReturnType<typeof applyDecorators> & { readonly [accessBrand]: AccessRule };

/** Declares the rule for the guard and for the OpenAPI document at once (after what it allows besides). */
const access = (rule: AccessRule, ...besides: Array<ReturnType<typeof applyDecorators>>) =>
  applyDecorators(...besides, SetMetadata(ACCESS_RULE, rule), ApiExtension(ACCESS_EXTENSION, rule)) as Access;

/** Anyone, signed in or not. A bearer token, when sent and valid, still identifies the caller. */
export const Public = () => access({ kind: 'public' });
/**
 * Any signed-in staff member; `beforePasswordChange`, also a session that must change its password first; `apiToken`,
 * also an API token (above).
 */
export const SignedIn = (also: { beforePasswordChange?: true; apiToken?: true } = {}) =>
  access(
    { kind: 'signed-in' },
    ...(also.apiToken ? [ApiTokenAllowed()] : []),
    ...(also.beforePasswordChange ? [AllowedBeforePasswordChange()] : []),
  );
/** Super admins only. */
export const SuperAdminOnly = () => access({ kind: 'super-admin' });
/**
 * A scraper of the process's metrics: this machine, or whoever sends METRICS_TOKEN as its bearer token (metrics-access.ts).
 * No user session: the token is not a JWT and names nobody.
 */
export const MetricsReader = () => access({ kind: 'metrics' });
/** Signed-in staff whose permissions include every listed action in the area (super admins always). */
export const RequirePermission = (area: Area, ...actions: [Action, ...Action[]]) =>
  access({ kind: 'permission', area, actions, mode: 'all' });
/** Signed-in staff whose permissions include at least one of the actions in the area. */
export const RequireAnyPermission = (area: Area, ...actions: [Action, ...Action[]]) =>
  access({ kind: 'permission', area, actions, mode: 'any' });
/** Signed-in staff whose permissions include the action in at least one of the areas (super admins always). */
export const RequirePermissionInAnyArea = (areas: readonly [Area, ...Area[]], action: Action) =>
  access({ kind: 'permission-in-any-area', areas: [...areas], action });
