import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PlatformFoundation1763700000000 implements MigrationInterface {
  name = 'PlatformFoundation1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        name text NOT NULL,
        email text NOT NULL,
        password_hash text NOT NULL,
        is_super_admin boolean NOT NULL DEFAULT false,
        permissions jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_email_lowercase CHECK (email = lower(btrim(email)))
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_key ON users (email)`);

    await q.query(`
      CREATE TABLE sessions (
        id uuid PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        ip text
      )`);
    await q.query(`CREATE INDEX sessions_user_id_idx ON sessions (user_id)`);

    await q.query(`
      CREATE TABLE domain_events (
        id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        type text NOT NULL,
        actor_id integer,
        ip text,
        resource_type text,
        resource_id text,
        payload jsonb NOT NULL,
        occurred_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    // The relay only ever scans what is still unpublished.
    await q.query(`CREATE INDEX domain_events_unpublished_idx ON domain_events (seq) WHERE published_at IS NULL`);

    await q.query(`
      CREATE TABLE audit_logs (
        id serial PRIMARY KEY,
        event_id uuid NOT NULL,
        user_id integer,
        action text NOT NULL,
        event_type text NOT NULL,
        resource_type text,
        resource_id text,
        ip text,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX audit_logs_event_id_key ON audit_logs (event_id)`);
    await q.query(`CREATE INDEX audit_logs_user_created_idx ON audit_logs (user_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_logs`);
    await q.query(`DROP TABLE domain_events`);
    await q.query(`DROP TABLE sessions`);
    await q.query(`DROP TABLE users`);
  }
}
