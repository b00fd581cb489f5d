/** How often the workers expire waitlist offers whose delayed job did not (a safety net; one schedule per cluster). */
export const WAITLIST_SWEEP_EVERY_MS = 60 * 1000;
