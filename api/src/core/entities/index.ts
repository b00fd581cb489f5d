import { AuditLogEntity } from './audit-log.entity';
import { DomainEventEntity } from './domain-event.entity';
import { ExternalEventEntity } from './external-event.entity';
import { ExternalRegistrationEntity } from './external-registration.entity';
import { ImageEntity } from './image.entity';
import { SessionEntity } from './session.entity';
import { UserEntity } from './user.entity';
import { AsientoEntity } from './asiento.entity';
import { EspacioEntity } from './espacio.entity';
import { SeccionEntity } from './seccion.entity';
import { ProgramaEntity } from './programa.entity';
import { ProgramRegistrationEntity } from './program-registration.entity';

export { AuditLogEntity, DomainEventEntity, ExternalEventEntity, ExternalRegistrationEntity, ImageEntity, SessionEntity, UserEntity };
export { AsientoEntity, EspacioEntity, SeccionEntity };
export { ProgramaEntity, ProgramRegistrationEntity };
export const ENTITIES = [
  UserEntity,
  SessionEntity,
  DomainEventEntity,
  AuditLogEntity,
  ImageEntity,
  ExternalEventEntity,
  ExternalRegistrationEntity,
  EspacioEntity,
  SeccionEntity,
  AsientoEntity,
  ProgramaEntity,
  ProgramRegistrationEntity,
];
