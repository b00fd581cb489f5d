import type { AuditLogResponse } from '@shared/contracts/users.contract';
import type { AuditLogEntity } from '@core/entities/audit-log.entity';
import { iso } from '@core/format/iso';

export function toAuditLogResponse(entry: AuditLogEntity): AuditLogResponse {
  return {
    id: entry.id,
    action: entry.action,
    resource_type: entry.resourceType,
    resource_id: entry.resourceId,
    api_token_id: entry.apiTokenId ?? null,
    created_at: iso(entry.createdAt)!,
  };
}
