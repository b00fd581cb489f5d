import { Column } from 'typeorm';
import { ConsentColumns, StaffRecordColumns } from '@core/entities/base-columns';
import type { WaitlistStatus } from '@shared/contracts/waitlist.contract';

/**
 * A waitlist entry's place in line, whatever it waits for (external_waitlist, programa_lista_espera): the columns the
 * engine (waitlist-engine.ts) reads and moves. Each area's entity adds the owner's id and the person's other fields.
 */
export abstract class WaitlistEntryColumns extends ConsentColumns {
  @Column({ type: 'text', default: 'pending' })
  status: WaitlistStatus;

  /** When the address was confirmed by its link (baseline migration): the line's order. Null while pending. */
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

/**
 * The record whose places a waitlist waits for (external_events, programas; waitlist.spec.ts): its public slug, the
 * places held for offers (baseline migration: the capacity CHECK counts them) and how many wait.
 */
export abstract class WaitlistOwnerColumns extends StaffRecordColumns {
  @Column({ type: 'text', unique: true })
  slug: string;

  @Column({ name: 'held_places', type: 'integer', default: 0 })
  heldPlaces: number;

  @Column({ name: 'waitlist_count', type: 'integer', default: 0 })
  waitlistCount: number;
}
