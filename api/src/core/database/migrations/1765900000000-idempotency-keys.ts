import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency keys: a public write sent with an `Idempotency-Key` header is done once per key; a retry
 * with the same key and body gets the first answer again (core/http/idempotency.interceptor.ts).
 *
 * - One row per (scope, key), the PRIMARY KEY deciding who processes: the scope is the route (method and template)
 *   and the signed-in user, if any, so a key names one request of one client and route.
 * - `fingerprint`: SHA-256 of the path and the canonical body, never the body itself. Another body with the key: 422.
 * - `owner` and `locked_until`: the request processing it holds a lease it renews while it works; a replica killed
 *   mid-request lets its lease run out and a retry takes the row over.
 * - `status`, `body` (json, the text as sent: key order kept) and `headers`: the answer, once there is one (NULL while
 *   in progress).
 * - `expires_at`: after it the key is forgotten (a new request may use it) and the maintenance job deletes the row
 *   (`idempotency_keys_expires_at_idx`).
 */
export class IdempotencyKeys1765900000000 implements MigrationInterface {
  name = 'IdempotencyKeys1765900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE idempotency_keys (
        scope text NOT NULL,
        key text NOT NULL,
        fingerprint text NOT NULL,
        owner uuid NOT NULL,
        locked_until timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        status smallint,
        body json,
        headers json,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT idempotency_keys_pkey PRIMARY KEY (scope, key),
        CONSTRAINT idempotency_keys_key_check CHECK (char_length(key) BETWEEN 1 AND 255),
        CONSTRAINT idempotency_keys_status_check CHECK (status IS NULL OR status BETWEEN 100 AND 599)
      )`);
    await q.query(`CREATE INDEX idempotency_keys_expires_at_idx ON idempotency_keys (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS idempotency_keys`);
  }
}
