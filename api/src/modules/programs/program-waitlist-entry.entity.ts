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

  @Column({ type: 'text', default: 'pending' })
  status: WaitlistStatus;

  /** When the address was confirmed by its link (migration 1765300000000): the line's order. Null while pending. */
  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt: Date | null;

  /** Until when a pending entry may be confirmed (then it expires). */
  @Column({ name: 'confirm_until', type: 'timestamptz', nullable: true })
  confirmUntil: Date | null;

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
