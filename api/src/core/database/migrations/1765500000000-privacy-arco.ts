import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Privacy (docs/decisions/privacidad.md):
 *
 * - `privacidad_solicitudes`: ARCO requests (LGPDPPSO arts. 43–56). Filed unconfirmed; the address proved by a
 *   signed link is the legal receipt (`recibida_at`), from which `fecha_limite` runs. An unconfirmed request is
 *   deleted when its link expires (`confirmar_hasta`). An access request's export lives here until its link expires.
 * - `correo_supresiones`: addresses that must get no more mail (oposición, or an unsubscribe link), one row per
 *   address (lower-cased, trimmed). `queue_mail` (modules/mail/mail.sql.ts) keeps a message to a listed address as 'suppressed' (never sent),
 *   and the send job checks again before sending (a message queued before the address was listed). The answers
 *   to an ARCO request itself (templates `privacidad.*`) still go: the law requires the answer to be notified.
 * - `correos.status` gains 'suppressed'.
 */
export class PrivacyArco1765500000000 implements MigrationInterface {
  name = 'PrivacyArco1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE privacidad_solicitudes (
        id serial PRIMARY KEY,
        tipo text NOT NULL,
        nombre text NOT NULL,
        email text NOT NULL,
        descripcion text,
        status text NOT NULL DEFAULT 'sin_confirmar',
        confirmar_hasta timestamptz NOT NULL,
        recibida_at timestamptz,
        fecha_limite date,
        resuelta_at timestamptz,
        resuelta_por integer REFERENCES users (id) ON DELETE SET NULL,
        respuesta text,
        exportacion jsonb,
        exportacion_hasta timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT privacidad_solicitudes_tipo_check CHECK (tipo IN ('acceso', 'rectificacion', 'cancelacion', 'oposicion')),
        CONSTRAINT privacidad_solicitudes_status_check CHECK (status IN ('sin_confirmar', 'pendiente', 'atendida', 'improcedente')),
        CONSTRAINT privacidad_solicitudes_recibida_check CHECK ((status = 'sin_confirmar') = (recibida_at IS NULL) AND (recibida_at IS NULL) = (fecha_limite IS NULL)),
        CONSTRAINT privacidad_solicitudes_resuelta_check CHECK ((status IN ('atendida', 'improcedente')) = (resuelta_at IS NOT NULL)),
        CONSTRAINT privacidad_solicitudes_email_check CHECK (email = lower(btrim(email)) AND email <> '')
      )`);
    await q.query(`CREATE INDEX privacidad_solicitudes_queue_idx ON privacidad_solicitudes (status, fecha_limite, id)`);
    await q.query(
      `CREATE INDEX privacidad_solicitudes_unconfirmed_idx ON privacidad_solicitudes (confirmar_hasta) WHERE status = 'sin_confirmar'`,
    );

    await q.query(`
      CREATE TABLE correo_supresiones (
        email text PRIMARY KEY,
        motivo text NOT NULL,
        solicitud_id integer REFERENCES privacidad_solicitudes (id) ON DELETE SET NULL,
        correo_id bigint,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT correo_supresiones_email_check CHECK (email = lower(btrim(email)) AND email <> ''),
        CONSTRAINT correo_supresiones_motivo_check CHECK (motivo IN ('oposicion', 'baja'))
      )`);

    await q.query(`ALTER TABLE correos DROP CONSTRAINT correos_status_check`);
    await q.query(
      `ALTER TABLE correos ADD CONSTRAINT correos_status_check CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'stored', 'suppressed'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE correos SET status = 'failed' WHERE status = 'suppressed'`);
    await q.query(`ALTER TABLE correos DROP CONSTRAINT correos_status_check`);
    await q.query(
      `ALTER TABLE correos ADD CONSTRAINT correos_status_check CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'stored'))`,
    );
    await q.query(`DROP TABLE IF EXISTS correo_supresiones`);
    await q.query(`DROP TABLE IF EXISTS privacidad_solicitudes`);
  }
}
