/** How many bytes of a receiver's answer the log keeps. */
export const RESPONSE_BYTES_KEPT = 512;
/** A run of one endpoint's line hands over after this many deliveries (the queue's other endpoints get their turn). */
export const DELIVERIES_PER_RUN = 500;
/** How long a rotated-out secret keeps signing beside the new one. */
export const PREVIOUS_SECRET_MS = 24 * 3_600_000;
/** The sweep looks this far behind each line's cursor for an event a relay published late (two relays, out of order). */
export const LATE_SCAN_MS = 5 * 60_000;
/** A run that could not take an endpoint's line asks again after this long (the line's holder may just be ending). */
export const LINE_BUSY_RETRY_MS = 250;
/** Finished deliveries are kept in the log this long. */
export const LOG_KEEP_DAYS = 30;
/** The safety net's period: every active line is run (a lost wake-up), the log pruned. */
export const SWEEP_EVERY_MS = 60_000;
