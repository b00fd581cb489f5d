import { Column, Entity } from 'typeorm';
import { ConsentColumns } from '@core/entities/base-columns';
import type { RegistrationStatus } from '@shared/contracts/external-events.contract';
import { ExternalRegistrantColumns } from './external-registrant.columns';

@Entity('external_registrations')
export class ExternalRegistrationEntity extends ExternalRegistrantColumns(ConsentColumns) {
  @Column({ type: 'text', nullable: true })
  curp: string | null;

  @Column({ type: 'text', default: 'registered' })
  status: RegistrationStatus;

  /** The door code, drawn in SQL at insert (`external_door_code`, `external_registration_code`: external-events.sql.ts). */
  @Column({ type: 'text', default: () => 'external_door_code()' })
  codigo: string;
}
