/** Mail (docs/decisions/correos.md): how often the sweep re-enqueues messages a missed NOTIFY or a dead worker left. */
export const MAIL_SWEEP_EVERY_MS = 30_000;
/** A 'queued' message untouched this long is enqueued again by the sweep (its NOTIFY or its enqueue was lost). */
export const MAIL_SWEEP_QUEUED_AFTER_MS = 20_000;
/** Attempts of one message for temporary failures (4xx, no connection) before it is 'failed'; backoff doubles from MAIL_RETRY_DELAY_MS. */
export const MAIL_SEND_ATTEMPTS = 10;
export const MAIL_RETRY_DELAY_MS = 2_000;
