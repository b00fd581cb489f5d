import { ExternalEventEntity } from './external-events/external-event.entity';
import { ExternalRegistrationEntity } from './external-events/external-registration.entity';
import { ProgramaEntity } from './programs/programa.entity';
import { ProgramRegistrationEntity } from './programs/program-registration.entity';
import { UserEntity } from './users/user.entity';

/**
 * The areas' entities, in one place (core adds its own): every process's data source (api, workers, cli)
 * gets this list. An area with a new entity adds it here.
 */
export const AREA_ENTITIES = [UserEntity, ExternalEventEntity, ExternalRegistrationEntity, ProgramaEntity, ProgramRegistrationEntity];
