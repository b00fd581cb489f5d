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
