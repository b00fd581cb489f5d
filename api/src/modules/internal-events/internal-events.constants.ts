/** Numbers the internal events fix, named after what they mean. */

/** Failed public confirmations allowed per IP (all events) and per event inside the window, then 429. */
export const INTERNAL_CONFIRM_MAX_FAILURES_PER_IP = 10;
export const INTERNAL_CONFIRM_MAX_FAILURES_PER_EVENT = 50;
export const INTERNAL_CONFIRM_FAILURE_WINDOW_SECONDS = 15 * 60;
/** Assign-persons modal page size (spec 2 §9) and the most people one assignment may carry. */
export const AVAILABLE_PERSONAS_PER_PAGE = 50;
export const MAX_PERSONAS_PER_ASSIGNMENT = 10_000;
/** An assignment of more people than this pushes "refetch" instead of the rows. */
export const ATTENDEES_PUSH_MAX_ROWS = 200;
/** Retries of a set-based insert whose random codes collided with stored ones. */
export const CONFIRMATION_CODE_RETRIES = 8;
/** Invitation messages queued per transaction by the send-invitations job (one progress push each). */
export const INVITATIONS_BATCH = 500;
