import type { Permissions } from '../permissions';

/**
 * Personal API tokens (issue 33 §2): a bearer for another system, limited to a subset of its owner's permissions
 * (docs/decisions/seguridad.md «Tokens de API»).
 */

/** Every token starts with this, so secret scanners (and people) recognise a leaked one. */
export const API_TOKEN_PREFIX = 'afo_';

export const API_TOKEN_LIMITS = {
  name: 100,
  /** The longest life a token may ask for, in days (a year): an integration is renewed at least once a year. */
  maxDays: 366,
} as const;

/** POST /api/tokens. */
export interface CreateApiTokenRequest {
  name: string;
  /** When it stops working (ISO 8601, in the future, at most API_TOKEN_LIMITS.maxDays ahead). */
  expires_at: string;
  /** What it may do: area × action, each held by the caller. */
  permissions: Permissions;
}

/** A token as listed: never its secret. */
export interface ApiTokenResponse {
  id: number;
  name: string;
  /** The first characters of the token (`afo_AbCd`), to tell tokens apart. */
  prefix: string;
  permissions: Permissions;
  expires_at: string;
  created_at: string;
  /** Updated at most once a minute. */
  last_used_at: string | null;
  revoked_at: string | null;
  /** Expired or revoked. */
  active: boolean;
  owner: { id: number; name: string; email: string };
}

/** POST /api/tokens answer: the only time the secret is shown. */
export interface CreatedApiTokenResponse {
  token: string;
  api_token: ApiTokenResponse;
  message: string;
}
