import type { ApiTokenRow } from '@core/access/api-tokens.repository';
import type { ApiTokenResponse } from '@shared/contracts/api-tokens.contract';
import { iso } from '@core/format/iso';

export function toApiTokenResponse(row: ApiTokenRow, now = new Date()): ApiTokenResponse {
  const expires = new Date(row.expires_at);
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    permissions: row.permissions,
    expires_at: expires.toISOString(),
    created_at: iso(row.created_at)!,
    last_used_at: iso(row.last_used_at),
    revoked_at: iso(row.revoked_at),
    active: row.revoked_at === null && expires > now,
    owner: { id: row.user_id, name: row.owner_name, email: row.owner_email },
  };
}
