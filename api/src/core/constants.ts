/**
 * Numbers the platform fixes (server side), named after what they mean. An area's numbers live in its own
 * `<area>.constants.ts` (users, auth, external-events, personas, queue-dashboard, door, …).
 */
/** Largest JSON body accepted. */
export const JSON_BODY_LIMIT = '256kb';
/**
 * API answers at least this big travel compressed (br or gzip, as the browser accepts): a personas page, the
 * seating map (megabytes at 20,000 seats). Smaller ones, where it costs more than it saves, and the sign-in
 * answers with their tokens, go as they are (no compressed secret beside reflected input: BREACH).
 */
export const API_COMPRESS_THRESHOLD_BYTES = 32 * 1024;
/**
 * How long an idle kept-alive HTTP connection stays open (Node's default is 5 s). A client that sends on a connection
 * the server is closing gets a reset, not an answer; 65 s outlasts the fronts' own idle times (HAProxy's 10 s, a
 * browser's pool), so they close first (docs/decisions/plataforma.md, «Conexiones que se reutilizan»).
 */
export const HTTP_KEEP_ALIVE_MS = 65_000;
/** Outbox relay: events published per batch and the fallback scan interval. */
export const OUTBOX_BATCH_SIZE = 200;
export const OUTBOX_SCAN_INTERVAL_MS = 1000;
/** NOTIFY channel of a commit that wrote domain events (the workers' included): the API's relays drain at once. */
export const OUTBOX_CHANNEL = 'aforo_outbox';
/**
 * Shortest time between two publications while changes keep coming. Short: since the pushes are coalesced per room
 * (PUSH_BATCH_WINDOW_MS), a longer wait here only added to every push's delay (docs/decisions/plataforma.md).
 */
export const OUTBOX_MIN_CYCLE_MS = 5;
/**
 * Pushes in a burst: a room that was sent something less than this long ago gets what comes
 * meanwhile as one batch at the window's end (core/realtime/push-coalescer.ts); an idle room gets a push at once.
 */
export const PUSH_BATCH_WINDOW_MS = 20;
/** Buckets of `aforo_push_delay_seconds` (s): fine around the 50 ms a push in a burst should stay under. */
export const PUSH_DELAY_BUCKETS = [0.005, 0.01, 0.02, 0.03, 0.04, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5];
/**
 * Domain events are kept this long once published and audited (the audit trail keeps who did what; the
 * events' payloads, which may hold a registrant's data, go), pruned by a scheduled job this often, this many
 * per statement.
 */
export const DOMAIN_EVENTS_RETENTION_DAYS = 7;
export const DOMAIN_EVENTS_PRUNE_EVERY_MS = 60 * 60 * 1000;
export const DOMAIN_EVENTS_PRUNE_BATCH = 5000;
/**
 * Idempotency keys (docs/decisions/plataforma.md «Reintentos con Idempotency-Key»): a key is remembered
 * TTL; the request processing it holds a lease of LEASE, renewed every RENEW while it works (a killed replica's lease
 * runs out and a retry takes over); a second request with the key waits for the first answer at most WAIT (then 409),
 * looking again after POLL_MIN, doubling up to POLL_MAX. Expired keys go by a scheduled job, BATCH per statement.
 */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_LEASE_MS = 5000;
/**
 * Claims (and, apart, answers) of keys arriving together go in one statement: at most this many per batch, this many
 * batches at a time. One: what arrives while a batch is in the database goes in the next, so a burst makes a few
 * large statements, not many small ones (two in flight cost PostgreSQL 0.73 against 0.55 ms per keyed registration;
 * docs/decisions/plataforma.md, «Reintentos con Idempotency-Key»).
 */
export const IDEMPOTENCY_BATCH_MAX = 256;
export const IDEMPOTENCY_BATCHES_IN_FLIGHT = 1;
export const IDEMPOTENCY_LEASE_RENEW_MS = 2000;
export const IDEMPOTENCY_WAIT_MS = 10_000;
export const IDEMPOTENCY_POLL_MIN_MS = 20;
export const IDEMPOTENCY_POLL_MAX_MS = 250;
export const IDEMPOTENCY_PRUNE_EVERY_MS = 60 * 60 * 1000;
export const IDEMPOTENCY_PRUNE_BATCH = 5000;
/** The largest PostgreSQL integer: ids and counts in routes and bodies are checked against it. */
export const MAX_INT32 = 2147483647;
/**
 * Prometheus metrics (docs/decisions/plataforma.md «Quién lee /metrics»): every process answers this path, outside
 * /api (an operator's door, not part of the API's contract); the counts read from PostgreSQL or Redis are read at
 * most once per METRICS_READ_CACHE_MS however often, or by how many, they are scraped.
 */
export const METRICS_PATH = '/metrics';
export const METRICS_READ_CACHE_MS = 5000;
