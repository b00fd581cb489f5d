/** Webhooks' advisory locks (keys unique across the application: test/unit/advisory-locks.spec.ts). */
export enum WebhooksLock {
  /** One delivery line per endpoint: `pg_try_advisory_xact_lock(Line, endpoint id)` (the two-key form). */
  Line = 7411300,
}
