import type { AuditLogResponse } from '@shared/contracts/users.contract';
import type { AuditLogEntity } from '@core/entities/audit-log.entity';

export function toAuditLogResponse(entry: AuditLogEntity): AuditLogResponse {
  return {
    id: entry.id,
    action: entry.action,
    resource_type: entry.resourceType,
    resource_id: entry.resourceId,
    api_token_id: entry.apiTokenId ?? null,
    created_at: new Date(entry.createdAt).toISOString(),
  };
}
