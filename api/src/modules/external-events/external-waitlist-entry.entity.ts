import { Column, Entity } from 'typeorm';
import { WaitlistEntryColumns } from '@core/waitlist/waitlist-entry.columns';

/** One person in an external event's waitlist (table `external_waitlist`, baseline migration). */
@Entity('external_waitlist')
export class ExternalWaitlistEntryEntity extends WaitlistEntryColumns {
  @Column({ name: 'event_id', type: 'integer' })
  eventId: number;

  /** YYYY-MM-DD; null once anonymised (retention). */
  @Column({ name: 'fecha_nacimiento', type: 'date', nullable: true })
  fechaNacimiento: string | null;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text', nullable: true })
  empresa: string | null;

  @Column({ name: 'tipo_participante', type: 'text' })
  tipoParticipante: string;
}
