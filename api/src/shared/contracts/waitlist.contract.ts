/**
 * A waitlist, whatever it waits for (issue 22 §4: external events and programs with a limit): its entry's life and
 * what joining answers. Each area adds its own entry shape (its record's fields) on top.
 */

/**
 * waiting (in line) → offered (a place held until `offered_until`) → accepted (registered) or expired (the place
 * went to the next). Staff may remove a waiting or offered entry (removed).
 */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'accepted', 'expired', 'removed'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** The statuses of someone still in line (shown on the staff panel; one per e-mail by a partial unique index). */
export const ACTIVE_WAITLIST_STATUSES: readonly WaitlistStatus[] = ['waiting', 'offered'];

/** The place in line of an entry, whatever it waits for: each area's entry answer adds its person on top. */
export interface WaitlistLine {
  status: WaitlistStatus;
  /** How many times a place was offered (the offer's number in its message key). */
  offer_count: number;
  /** While offered: until when the place is held. */
  offered_until: string | null;
  /** Once accepted: the registration it became. */
  registration_id: number | null;
  created_at: string;
  updated_at: string;
}

/** An entry row's place in line as the API answers it (both areas' entities name these columns alike). */
export function toWaitlistLine(w: {
  status: WaitlistStatus;
  offerCount: number;
  offeredUntil: Date | null;
  registrationId: number | null;
  createdAt: Date;
  updatedAt: Date;
}): WaitlistLine {
  return {
    status: w.status,
    offer_count: w.offerCount,
    offered_until: w.offeredUntil === null ? null : new Date(w.offeredUntil).toISOString(),
    registration_id: w.registrationId,
    created_at: new Date(w.createdAt).toISOString(),
    updated_at: new Date(w.updatedAt).toISOString(),
  };
}

/** What an offer's link answers once it can no longer be taken, and staff removing someone not in line. */
export const WAITLIST_OFFER_EXPIRED = 'La oferta expiró y el lugar pasó a la siguiente persona en la lista de espera.';
export const WAITLIST_OFFER_GONE = 'Esta oferta ya no está disponible.';
export const WAITLIST_ENTRY_NOT_FOUND = 'La persona no está en la lista de espera.';

/** The answer to joining a waitlist (POST …/waitlist, 201). */
export interface WaitlistJoined {
  message: string;
  /** People in line, this person included. */
  waitlist_count: number;
}

/**
 * How often the workers expire waitlist offers whose delayed job did not run (a safety net; one schedule per cluster
 * and area: external events and programs each sweep their own table).
 */
export const WAITLIST_SWEEP_EVERY_MS = 60 * 1000;
