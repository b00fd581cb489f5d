/** Numbers the spec or the platform fixes, named after what they mean (server side). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 120;
/** External events created without a capacity get this many places (spec 1 §3, §9). */
export const EXTERNAL_EVENT_DEFAULT_CAPACITY = 50;
/** Bcrypt cost: ~50 ms per hash on this 2-core machine. */
export const BCRYPT_ROUNDS = 10;
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
/** Largest JSON body accepted. */
export const JSON_BODY_LIMIT = '256kb';
/**
 * API answers at least this big travel compressed (br or gzip, as the browser accepts): a personas page, the
 * seating map (megabytes at 20,000 seats). Smaller ones, where it costs more than it saves, and the sign-in
 * answers with their tokens, go as they are (no compressed secret beside reflected input: BREACH).
 */
export const API_COMPRESS_THRESHOLD_BYTES = 32 * 1024;
/** Outbox relay: events published per batch and the fallback scan interval. */
export const OUTBOX_BATCH_SIZE = 200;
export const OUTBOX_SCAN_INTERVAL_MS = 1000;
/** NOTIFY channel of a commit that wrote domain events (the workers' included): the API's relays drain at once. */
export const OUTBOX_CHANNEL = 'aforo_outbox';
/** Shortest time between two publications while changes keep coming (pushes combine what the wait gathers). */
export const OUTBOX_MIN_CYCLE_MS = 25;
/**
 * Domain events are kept this long once published and audited (the audit trail keeps who did what; the
 * events' payloads, which may hold a registrant's data, go), pruned by a scheduled job this often, this many
 * per statement.
 */
export const DOMAIN_EVENTS_RETENTION_DAYS = 7;
export const DOMAIN_EVENTS_PRUNE_EVERY_MS = 60 * 60 * 1000;
export const DOMAIN_EVENTS_PRUNE_BATCH = 5000;
/**
 * Idempotency keys (issue 30 §4, docs/decisions/plataforma.md «Reintentos con Idempotency-Key»): a key is remembered
 * TTL; the request processing it holds a lease of LEASE, renewed every RENEW while it works (a killed replica's lease
 * runs out and a retry takes over); a second request with the key waits for the first answer at most WAIT (then 409),
 * looking again after POLL_MIN, doubling up to POLL_MAX. Expired keys go by a scheduled job, BATCH per statement.
 */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_LEASE_MS = 5000;
export const IDEMPOTENCY_LEASE_RENEW_MS = 2000;
export const IDEMPOTENCY_WAIT_MS = 10_000;
export const IDEMPOTENCY_POLL_MIN_MS = 20;
export const IDEMPOTENCY_POLL_MAX_MS = 250;
export const IDEMPOTENCY_PRUNE_EVERY_MS = 60 * 60 * 1000;
export const IDEMPOTENCY_PRUNE_BATCH = 5000;
/** Public registrations decided together in one statement, at most, and such statements per event at once (group commit). */
export const REGISTRATION_BATCH_MAX = 256;
export const REGISTRATION_BATCHES_IN_FLIGHT = 3;
export const MAX_INT32 = 2147483647;
/** People list page size. */
export const PERSONAS_PER_PAGE = 10;
/** CSV import: largest file, rows written per batch, and how often progress is pushed. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_BATCH_ROWS = 5000;
/** Connections writing an import's batches side by side (the parser feeds them). */
export const IMPORT_WRITERS = 2;
export const IMPORT_PROGRESS_PUSH_MS = 200;
/** Nice value of the workers process: imports and other background jobs give way to the API's requests. */
export const WORKERS_NICE = 10;
/** Row errors an import's answers and pushes carry (the count is exact beyond it; the errors file has them all). */
export const IMPORT_MAX_ROW_ERRORS = 1000;
/** Queue dashboard (bull-board): how long the cookie that opens it lasts. */
export const QUEUE_DASHBOARD_SESSION_SECONDS = 15 * 60;
