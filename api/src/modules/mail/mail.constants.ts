/** Mail (docs/decisions/correos.md): how often the sweep re-enqueues messages a missed NOTIFY or a dead worker left. */
export const MAIL_SWEEP_EVERY_MS = 30_000;
/** A 'queued' message untouched this long is enqueued again by the sweep (its NOTIFY or its enqueue was lost). */
export const MAIL_SWEEP_QUEUED_AFTER_MS = 20_000;
