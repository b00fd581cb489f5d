import { AuditLogEntity } from './audit-log.entity';
import { DomainEventEntity } from './domain-event.entity';
import { SessionEntity } from './session.entity';
import { UserEntity } from './user.entity';

export { AuditLogEntity, DomainEventEntity, SessionEntity, UserEntity };
export const ENTITIES = [UserEntity, SessionEntity, DomainEventEntity, AuditLogEntity];
