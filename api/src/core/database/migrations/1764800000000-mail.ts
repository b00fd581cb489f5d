import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mail (issue 22): one row per message, written in the same transaction as the change that causes it
 * (`queue_mail`, callable from SQL and from MailOutbox), rendered and sent by the workers' mail job. The
 * idempotency key names the cause, so the same cause never queues two messages. See docs/decisions/correos.md.
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
        message_id text,
        provider_message_id text,
        subject text,
        html text,
        text text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        CONSTRAINT correos_idempotency_key_key UNIQUE (idempotency_key),
        CONSTRAINT correos_status_check CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'stored')),
        CONSTRAINT correos_ref_check CHECK ((ref_type IS NULL) = (ref_id IS NULL))
      )`);
    await q.query(`CREATE INDEX correos_ref_idx ON correos (ref_type, ref_id, id DESC) WHERE ref_type IS NOT NULL`);
    await q.query(`CREATE INDEX correos_status_idx ON correos (status, id DESC)`);
    // What the sweep looks for: messages still waiting (queued) or left by a crashed worker (sending).
    await q.query(`CREATE INDEX correos_pending_idx ON correos (updated_at) WHERE status IN ('queued', 'sending')`);
    // The one way to queue a message: a second call with the same key queues nothing and answers null. The
    // name loses what could add a header or reorder a line (controls, CR/LF, U+2028/9, bidi overrides,
    // zero-width marks); an address that is not a plain one (one @, ASCII, no spaces or controls) is kept
    // as a failed message with the reason — the change that queued it still commits, and nothing is sent.
    // The commit wakes the workers' dispatcher (NOTIFY aforo_mail with the id).
    await q.query(`
      CREATE FUNCTION queue_mail(p_key text, p_template text, p_to_email text, p_to_name text, p_data jsonb, p_ref_type text, p_ref_id integer)
      RETURNS bigint LANGUAGE plpgsql AS $$
      DECLARE
        new_id bigint;
        clean_name text := nullif(btrim(regexp_replace(
          regexp_replace(coalesce(p_to_name, ''), '[\\u0001-\\u001f\\u007f-\\u009f\\u200b-\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2060-\\u2069\\ufeff]', ' ', 'g'),
          '\\s+', ' ', 'g')), '');
        clean_email text := btrim(coalesce(p_to_email, ''));
        valid boolean := length(clean_email) <= 254 AND clean_email ~
          '^[A-Za-z0-9.!#$%&''*+/=?^_\`{|}~-]{1,64}@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$';
      BEGIN
        INSERT INTO correos (idempotency_key, template, to_email, to_name, data, ref_type, ref_id, status, last_error)
        VALUES (p_key, p_template, clean_email, left(clean_name, 200), p_data, p_ref_type, p_ref_id,
                CASE WHEN valid THEN 'queued' ELSE 'failed' END,
                CASE WHEN valid THEN NULL ELSE 'La dirección de correo no es válida; no se envió.' END)
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id INTO new_id;
        IF new_id IS NOT NULL AND valid THEN
          PERFORM pg_notify('aforo_mail', new_id::text);
        END IF;
        RETURN new_id;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION IF EXISTS queue_mail(text, text, text, text, jsonb, text, integer)`);
    await q.query(`DROP TABLE IF EXISTS correos`);
  }
}
