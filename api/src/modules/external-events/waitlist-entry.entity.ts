import { Column, Entity } from 'typeorm';
import { ConsentColumns } from '@core/entities/base-columns';
import type { WaitlistStatus } from '@shared/contracts/external-events.contract';

/** One person in an external event's waitlist (table `external_waitlist`, migration 1764900000000). */
@Entity('external_waitlist')
export class WaitlistEntryEntity extends ConsentColumns {
  @Column({ name: 'event_id', type: 'integer' })
  eventId: number;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text', nullable: true })
  empresa: string | null;

  @Column({ name: 'tipo_participante', type: 'text' })
  tipoParticipante: string;

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
}
