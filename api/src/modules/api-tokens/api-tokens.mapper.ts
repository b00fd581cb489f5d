import type { ApiTokenRow } from '@core/access/api-tokens.repository';
import type { ApiTokenResponse } from '@shared/contracts/api-tokens.contract';

export function toApiTokenResponse(row: ApiTokenRow, now = new Date()): ApiTokenResponse {
  const expires = new Date(row.expires_at);
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    permissions: row.permissions,
    expires_at: expires.toISOString(),
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    revoked_at: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
    active: row.revoked_at === null && expires > now,
    owner: { id: row.user_id, name: row.owner_name, email: row.owner_email },
  };
}
