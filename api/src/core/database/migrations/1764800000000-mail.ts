import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mail (issue 22): one row per message, written in the same transaction as the change that causes it
 * (`queue_mail`, callable from SQL and from MailOutbox), rendered and sent by the workers' mail job. The
 * idempotency key names the cause, so the same cause never queues two messages.
 */
export class Mail1764800000000 implements MigrationInterface {
  name = 'Mail1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE correos (
        id bigserial PRIMARY KEY,
        idempotency_key text NOT NULL,
        template text NOT NULL,
        to_email text NOT NULL,
        to_name text,
        data jsonb NOT NULL,
        ref_type text,
        ref_id integer,
        status text NOT NULL DEFAULT 'queued',
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        provider_message_id text,
        subject text,
        html text,
        text text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        CONSTRAINT correos_idempotency_key_key UNIQUE (idempotency_key),
        CONSTRAINT correos_status_check CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
        CONSTRAINT correos_ref_check CHECK ((ref_type IS NULL) = (ref_id IS NULL))
      )`);
    await q.query(`CREATE INDEX correos_ref_idx ON correos (ref_type, ref_id, id DESC) WHERE ref_type IS NOT NULL`);
    await q.query(`CREATE INDEX correos_status_idx ON correos (status, id DESC)`);
    // The one way to queue a message: a second call with the same key queues nothing and answers null.
    await q.query(`
      CREATE FUNCTION queue_mail(p_key text, p_template text, p_to_email text, p_to_name text, p_data jsonb, p_ref_type text, p_ref_id integer)
      RETURNS bigint LANGUAGE plpgsql AS $$
      DECLARE
        new_id bigint;
      BEGIN
        INSERT INTO correos (idempotency_key, template, to_email, to_name, data, ref_type, ref_id)
        VALUES (p_key, p_template, p_to_email, p_to_name, p_data, p_ref_type, p_ref_id)
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id INTO new_id;
        RETURN new_id;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION IF EXISTS queue_mail(text, text, text, text, jsonb, text, integer)`);
    await q.query(`DROP TABLE IF EXISTS correos`);
  }
}
