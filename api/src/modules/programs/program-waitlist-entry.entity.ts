import { Column, Entity } from 'typeorm';
import { WaitlistEntryColumns } from '@core/waitlist/waitlist-entry.columns';
import type { NewProgramRegistration } from './programs.repository';

/** One person in a program's waitlist (table `programa_lista_espera`, baseline migration). */
@Entity('programa_lista_espera')
export class ProgramWaitlistEntryEntity extends WaitlistEntryColumns {
  @Column({ name: 'programa_id', type: 'integer' })
  programaId: number;

  @Column({ name: 'correo_electronico', type: 'text' })
  correoElectronico: string;

  @Column({ type: 'text', nullable: true })
  celular: string | null;

  /** The whole application, as /register would have written it: accepting writes exactly this. */
  @Column({ type: 'jsonb' })
  solicitud: NewProgramRegistration;
}
