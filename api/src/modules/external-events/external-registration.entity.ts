import { Column, Entity } from 'typeorm';
import { RegistrantColumns } from '@core/entities/base-columns';
import type { RegistrationStatus } from '@shared/contracts/external-events.contract';

@Entity('external_registrations')
export class ExternalRegistrationEntity extends RegistrantColumns {
  @Column({ name: 'event_id', type: 'integer' })
  eventId: number;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text', nullable: true })
  curp: string | null;

  @Column({ type: 'text', nullable: true })
  empresa: string | null;

  @Column({ name: 'tipo_participante', type: 'text' })
  tipoParticipante: string;

  @Column({ type: 'text', default: 'registered' })
  status: RegistrationStatus;

  /** The door code, drawn in SQL at insert (`external_door_code`, `external_registration_code`: external-events.sql.ts). */
  @Column({ type: 'text', default: () => 'external_door_code()' })
  codigo: string;
}
