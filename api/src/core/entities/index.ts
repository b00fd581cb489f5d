import { AuditLogEntity } from './audit-log.entity';
import { DomainEventEntity } from './domain-event.entity';
import { ExternalEventEntity } from './external-event.entity';
import { ExternalRegistrationEntity } from './external-registration.entity';
import { ImageEntity } from './image.entity';
import { SessionEntity } from './session.entity';
import { UserEntity } from './user.entity';

export { AuditLogEntity, DomainEventEntity, ExternalEventEntity, ExternalRegistrationEntity, ImageEntity, SessionEntity, UserEntity };
export const ENTITIES = [
  UserEntity,
  SessionEntity,
  DomainEventEntity,
  AuditLogEntity,
  ImageEntity,
  ExternalEventEntity,
  ExternalRegistrationEntity,
];
