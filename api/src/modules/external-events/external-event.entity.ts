import { Column, Entity } from 'typeorm';
import { StaffRecordColumns } from '@core/entities/base-columns';
import type { ExternalEventStatus } from '@shared/contracts/external-events.contract';

@Entity('external_events')
export class ExternalEventEntity extends StaffRecordColumns {
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

  /** Places held for offers of the waitlist (migration 1764900000000): the capacity CHECK counts them. */
  @Column({ name: 'held_places', type: 'integer', default: 0 })
  heldPlaces: number;

  /** The venue's safety limit for the door (migration 1765700000000), not how many may register. */
  @Column({ name: 'aforo_maximo', type: 'integer', nullable: true })
  aforoMaximo: number | null;

  @Column({ name: 'waitlist_count', type: 'integer', default: 0 })
  waitlistCount: number;

  @Column({ type: 'text', default: 'draft' })
  status: ExternalEventStatus;

  @Column({ name: 'image_url', type: 'text', nullable: true })
  imageUrl: string | null;

  @Column({ type: 'text', unique: true })
  slug: string;

  @Column({ name: 'is_featured', type: 'boolean', default: false })
  isFeatured: boolean;

  @Column({ type: 'jsonb', default: () => `'[]'::jsonb` })
  requirements: string[];

  @Column({ type: 'jsonb', default: () => `'[]'::jsonb` })
  agenda: string[];

  /** The public calendar's SEQUENCE: grows when what a calendar shows changes (migration 1766800000000, a trigger). */
  @Column({ name: 'calendar_sequence', type: 'integer', default: 0 })
  calendarSequence: number;
}
