import { Column, Entity } from 'typeorm';
import { RecordColumns } from '@core/entities/base-columns';
import type { WaitlistStatus } from '@shared/contracts/waitlist.contract';
import type { NewProgramRegistration } from './programs.repository';

/** One person in a program's waitlist (table `programa_lista_espera`, migration 1765100000000). */
@Entity('programa_lista_espera')
export class ProgramWaitlistEntryEntity extends RecordColumns {
  @Column({ name: 'programa_id', type: 'integer' })
  programaId: number;

  @Column({ type: 'text' })
  nombre: string;

  @Column({ name: 'apellido_paterno', type: 'text' })
  apellidoPaterno: string;

  @Column({ name: 'apellido_materno', type: 'text' })
  apellidoMaterno: string;

  @Column({ name: 'correo_electronico', type: 'text' })
  correoElectronico: string;

  @Column({ type: 'text', nullable: true })
  celular: string | null;

  /** The whole application, as /register would have written it: accepting writes exactly this. */
  @Column({ type: 'jsonb' })
  solicitud: NewProgramRegistration;

  @Column({ type: 'text', default: 'waiting' })
  status: WaitlistStatus;

  @Column({ name: 'offer_count', type: 'integer', default: 0 })
  offerCount: number;

  @Column({ name: 'offered_until', type: 'timestamptz', nullable: true })
  offeredUntil: Date | null;

  @Column({ name: 'registration_id', type: 'integer', nullable: true })
  registrationId: number | null;

  @Column({ name: 'aviso_version', type: 'integer', nullable: true })
  avisoVersion: number | null;

  @Column({ name: 'aviso_aceptado_at', type: 'timestamptz', nullable: true })
  avisoAceptadoAt: Date | null;

  @Column({ name: 'anonimizado_at', type: 'timestamptz', nullable: true })
  anonimizadoAt: Date | null;
}
