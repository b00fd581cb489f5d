import { ApiTokenEntity } from './api-token.entity';
import { AuditLogEntity } from './audit-log.entity';
import { DomainEventEntity } from './domain-event.entity';
import { SessionEntity } from './session.entity';

export { ApiTokenEntity, AuditLogEntity, DomainEventEntity, SessionEntity };
/** The platform's own tables; each area's entities live in its module and are listed in api/src/modules/entities.ts. */
export const PLATFORM_ENTITIES = [SessionEntity, ApiTokenEntity, DomainEventEntity, AuditLogEntity];
