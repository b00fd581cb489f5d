/**
 * A waitlist, whatever it waits for (external events and programs with a limit): its entry's life and
 * what joining answers. Each area adds its own entry shape (its record's fields) on top.
 */

/**
 * pending (joined, its address not yet confirmed: holds nothing, counts nowhere, staff do not see it) → waiting (confirmed
 * by the link mailed to it: in line, by confirmation time) → offered (a place held until `offered_until`) → accepted
 * (registered) or expired (the place went to the next; a pending entry not confirmed in WAITLIST_CONFIRM_HOURS expires
 * too). Staff may remove a waiting or offered entry (removed).
 */
export const WAITLIST_STATUSES = ['pending', 'waiting', 'offered', 'accepted', 'expired', 'removed'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** The statuses of someone still in line (shown on the staff panel; one per e-mail by a partial unique index). */
export const ACTIVE_WAITLIST_STATUSES: readonly WaitlistStatus[] = ['waiting', 'offered'];

/** The place in line of an entry, whatever it waits for: each area's entry answer adds its person on top. */
export interface WaitlistLine {
  status: WaitlistStatus;
  /** When the address was confirmed: the line's order (then the id). Null while pending (never listed). */
  confirmed_at: string | null;
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
  confirmedAt: Date | null;
  offerCount: number;
  offeredUntil: Date | null;
  registrationId: number | null;
  createdAt: Date;
  updatedAt: Date;
}): WaitlistLine {
  return {
    status: w.status,
    confirmed_at: w.confirmedAt === null ? null : new Date(w.confirmedAt).toISOString(),
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

/**
 * The answer to joining a waitlist (POST …/waitlist, 202), the same for every well-formed join of a full list: a new
 * address, one already registered, one already in line or waiting for its confirmation. What happened
 * is told only to the address, by e-mail.
 */
export interface WaitlistJoined {
  message: string;
}
export const WAITLIST_JOIN_SENT =
  'Te enviamos un correo para confirmar tu lugar en la lista de espera. Revisa tu bandeja de entrada (y la de correo no deseado).';

/** What confirming a join answers (POST …/confirmar/{token}, 200), and its refusals. */
export const WAITLIST_CONFIRMED = 'Confirmaste tu correo: ya estás en la lista de espera.';
export const WAITLIST_ALREADY_CONFIRMED = 'Tu lugar en la lista de espera ya estaba confirmado.';
export const WAITLIST_CONFIRM_EXPIRED =
  'El enlace para confirmar expiró y tu solicitud se descartó. Si aún te interesa, vuelve a unirte a la lista de espera.';
export const WAITLIST_CONFIRM_GONE = 'Esta solicitud ya no está en la lista de espera.';

/** A confirm link's page: the citizen's first name, until when to confirm, and whether it already was. */
export interface WaitlistConfirmLine {
  nombre: string;
  confirmar_hasta: string;
  /** Already confirmed (the link was used): the page shows the outcome, not the button. */
  confirmada: boolean;
}

/**
 * How often the workers expire waitlist offers whose delayed job did not run (a safety net; one schedule per cluster
 * and area: external events and programs each sweep their own table), and unconfirmed joins past their time.
 */
export const WAITLIST_SWEEP_EVERY_MS = 60 * 1000;
