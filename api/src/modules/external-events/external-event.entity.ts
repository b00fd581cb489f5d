import { Column, Entity } from 'typeorm';
import { WaitlistOwnerColumns } from '@core/waitlist/waitlist-entry.columns';
import type { ExternalEventStatus } from '@shared/contracts/external-events.contract';

@Entity('external_events')
export class ExternalEventEntity extends WaitlistOwnerColumns {
  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ name: 'event_date', type: 'timestamptz' })
  eventDate: Date;

  @Column({ name: 'end_date', type: 'timestamptz', nullable: true })
  endDate: Date | null;

  @Column({ type: 'text' })
  location: string;

  @Column({ name: 'max_attendees', type: 'integer', default: 50 })
  maxAttendees: number;

  @Column({ name: 'current_attendees', type: 'integer', default: 0 })
  currentAttendees: number;

  /** The venue's safety limit for the door (baseline migration), not how many may register. */
  @Column({ name: 'aforo_maximo', type: 'integer', nullable: true })
  aforoMaximo: number | null;

  @Column({ type: 'text', default: 'draft' })
  status: ExternalEventStatus;

  @Column({ name: 'image_url', type: 'text', nullable: true })
  imageUrl: string | null;

  @Column({ name: 'is_featured', type: 'boolean', default: false })
  isFeatured: boolean;

  @Column({ type: 'jsonb', default: () => `'[]'::jsonb` })
  requirements: string[];

  @Column({ type: 'jsonb', default: () => `'[]'::jsonb` })
  agenda: string[];

  /** The public calendar's SEQUENCE: grows when what a calendar shows changes (baseline migration, a trigger). */
  @Column({ name: 'calendar_sequence', type: 'integer', default: 0 })
  calendarSequence: number;
}
