import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mail: one row per message, written in the same transaction as the change that causes it
 * (`queue_mail`, callable from SQL and from MailOutbox: the mail area's, modules/mail/mail.sql.ts), rendered and
 * sent by the workers' mail job. The idempotency key names the cause, so the same cause never queues two
 * messages. See docs/decisions/correos.md.
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
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS correos`);
  }
}
