import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Personal API tokens (issue 33 §2, docs/decisions/seguridad.md «Tokens de API»):
 *
 * - `api_tokens`: one row per token, owned by a user (deleted with them). The token itself is never stored: `token_hash`
 *   is its SHA-256 (hex), unique; `prefix` its first characters, shown in the list. `permissions` the scopes chosen at
 *   creation (area → actions), intersected with the owner's permissions at every use. `last_used_at`/`last_used_ip` are
 *   written at most once a minute per token (one conditional UPDATE). Revoking stamps `revoked_at`/`revoked_by`.
 * - One live name per owner: `api_tokens_user_name_key` (partial, revoked rows free their name), so two creations with
 *   the same name at once leave one.
 * - `domain_events.api_token_id` and `audit_logs.api_token_id`: the token a change was made with (NULL for a session or
 *   the system). No foreign key, like `user_id`: the trail outlives the token.
 */
export class ApiTokens1766700000000 implements MigrationInterface {
  name = 'ApiTokens1766700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_tokens (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name text NOT NULL,
        prefix text NOT NULL,
        token_hash text NOT NULL,
        permissions jsonb NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        last_used_ip text,
        revoked_at timestamptz,
        revoked_by integer,
        CONSTRAINT api_tokens_token_hash_key UNIQUE (token_hash),
        CONSTRAINT api_tokens_name_check CHECK (char_length(name) BETWEEN 1 AND 100),
        CONSTRAINT api_tokens_permissions_check CHECK (jsonb_typeof(permissions) = 'object')
      )`);
    await q.query(`CREATE UNIQUE INDEX api_tokens_user_name_key ON api_tokens (user_id, lower(name)) WHERE revoked_at IS NULL`);
    await q.query(`CREATE INDEX api_tokens_user_id_idx ON api_tokens (user_id)`);
    await q.query(`ALTER TABLE domain_events ADD COLUMN api_token_id integer`);
    await q.query(`ALTER TABLE audit_logs ADD COLUMN api_token_id integer`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE audit_logs DROP COLUMN IF EXISTS api_token_id`);
    await q.query(`ALTER TABLE domain_events DROP COLUMN IF EXISTS api_token_id`);
    await q.query(`DROP TABLE IF EXISTS api_tokens`);
  }
}
