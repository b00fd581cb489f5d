/** GET /api/me returns this many audit entries (the dashboard shows 5). */
export const ME_RECENT_AUDIT_LOGS = 5;
/**
 * Sign-in throttling (docs/decisions.md): failures free of delay per account+address and per address alone;
 * after them each attempt waits BASE × 2^(failures − free), at most MAX; failures are forgotten after
 * MEMORY without a new one (or, for the account+address pair, at a successful sign-in).
 */
export const LOGIN_FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
export const LOGIN_FREE_FAILURES_PER_ADDRESS = 20;
export const LOGIN_BASE_DELAY_SECONDS = 30;
export const LOGIN_MAX_DELAY_SECONDS = 15 * 60;
export const LOGIN_FAILURE_MEMORY_SECONDS = 24 * 60 * 60;
