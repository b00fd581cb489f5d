import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications: an internal event's invitation sends (one row per request, the job's
 * progress and counts, like asignaciones_masivas) and, on each attendee, when their last invitation was queued.
 * Reminders and programs' messages need no table of their own: the idempotency key of `correos` is their
 * "once".
 */
export class Notify1765000000000 implements MigrationInterface {
  name = 'Notify1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE envios_invitaciones (
        id uuid PRIMARY KEY,
        evento_interno_id integer NOT NULL REFERENCES eventos_internos (id) ON DELETE CASCADE,
        persona_ids integer[] NOT NULL,
        status text NOT NULL DEFAULT 'queued',
        processed integer NOT NULL DEFAULT 0,
        queued_count integer NOT NULL DEFAULT 0,
        skipped_count integer NOT NULL DEFAULT 0,
        message text,
        created_by integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        CONSTRAINT envios_invitaciones_status_check CHECK (status IN ('queued', 'processing', 'completed', 'failed')),
        CONSTRAINT envios_invitaciones_counts_check
          CHECK (processed >= 0 AND queued_count >= 0 AND skipped_count >= 0 AND queued_count + skipped_count = processed
                 AND processed <= cardinality(persona_ids))
      )`);
    await q.query(`CREATE INDEX envios_invitaciones_evento_idx ON envios_invitaciones (evento_interno_id, created_at DESC)`);
    await q.query(`
      ALTER TABLE evento_asistentes
        ADD COLUMN invitacion_enviada_at timestamptz,
        ADD COLUMN invitacion_envio_id uuid REFERENCES envios_invitaciones (id) ON DELETE SET NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE evento_asistentes DROP COLUMN IF EXISTS invitacion_envio_id, DROP COLUMN IF EXISTS invitacion_enviada_at`);
    await q.query(`DROP TABLE IF EXISTS envios_invitaciones`);
  }
}
