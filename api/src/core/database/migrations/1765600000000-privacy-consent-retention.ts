import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The public forms' tables: each keeps which notice its person accepted, and when it was anonymised. */
const FORM_TABLES = ['external_registrations', 'external_waitlist', 'programa_registros', 'programa_lista_espera'];

/**
 * Privacy by law (docs/decisions/privacidad-conservacion.md): the consent record and retention.
 *
 * - `avisos_privacidad`: every published version of the privacy notice (aviso de privacidad), never edited; the
 *   current one is the highest version (`aviso_privacidad_vigente()`, modules/privacy-notice/privacy-notice.sql.ts). Version 1 is seeded from PRIVACY_NOTICE by
 *   the API when none exists (modules/privacy-notice).
 * - Each public form's row keeps the version its person accepted and when (`aviso_version`, `aviso_aceptado_at`;
 *   NULL on rows older than this migration: their notice was not versioned). A new version rewrites nothing.
 * - Retention: a row past its area's period is anonymised in place (`anonimizado_at`): names and e-mail replaced,
 *   the other personal fields NULL — so those columns may now be NULL; counts, statuses and seats stay. A message's
 *   body is purged (`correos.purgado_at`), an import's file deleted (`persona_imports.file` NULL,
 *   `archivo_eliminado_at`). Each run that changed something, or that staff started, is a row of
 *   `conservacion_ejecuciones` with its counts (its audit line points at it).
 * - `register_external_batch` (modules/external-events/external-events.sql.ts) records the notice of each
 *   registration: the version the form sent, or the current one.
 */
export class PrivacyConsentRetention1765600000000 implements MigrationInterface {
  name = 'PrivacyConsentRetention1765600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE avisos_privacidad (
        version integer PRIMARY KEY,
        texto text NOT NULL,
        publicado_at timestamptz NOT NULL DEFAULT now(),
        publicado_por integer REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT avisos_privacidad_version_check CHECK (version >= 1),
        CONSTRAINT avisos_privacidad_texto_check CHECK (btrim(texto) <> '')
      )`);
    for (const table of FORM_TABLES) {
      await q.query(`
        ALTER TABLE ${table}
          ADD COLUMN aviso_version integer REFERENCES avisos_privacidad (version),
          ADD COLUMN aviso_aceptado_at timestamptz,
          ADD COLUMN anonimizado_at timestamptz`);
    }
    // What anonymising empties (names and e-mail get placeholders: they stay NOT NULL).
    await q.query(`ALTER TABLE external_registrations ALTER COLUMN phone DROP NOT NULL, ALTER COLUMN fecha_nacimiento DROP NOT NULL`);
    await q.query(`ALTER TABLE external_waitlist ALTER COLUMN phone DROP NOT NULL, ALTER COLUMN fecha_nacimiento DROP NOT NULL`);
    await q.query(`
      ALTER TABLE programa_registros
        ALTER COLUMN fecha_nacimiento DROP NOT NULL, ALTER COLUMN celular DROP NOT NULL, ALTER COLUMN calle DROP NOT NULL,
        ALTER COLUMN numero DROP NOT NULL, ALTER COLUMN colonia DROP NOT NULL`);
    await q.query(`ALTER TABLE programa_lista_espera ALTER COLUMN celular DROP NOT NULL`);

    await q.query(`ALTER TABLE correos ADD COLUMN purgado_at timestamptz`);
    await q.query(`ALTER TABLE persona_imports ALTER COLUMN file DROP NOT NULL, ADD COLUMN archivo_eliminado_at timestamptz`);

    await q.query(`
      CREATE TABLE conservacion_ejecuciones (
        id serial PRIMARY KEY,
        origen text NOT NULL,
        user_id integer REFERENCES users (id) ON DELETE SET NULL,
        conteos jsonb NOT NULL,
        total integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT conservacion_ejecuciones_origen_check CHECK (origen IN ('programada', 'manual'))
      )`);
    await q.query(`CREATE INDEX conservacion_ejecuciones_created_idx ON conservacion_ejecuciones (created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE conservacion_ejecuciones`);
    await q.query(`ALTER TABLE persona_imports DROP COLUMN archivo_eliminado_at`);
    await q.query(`ALTER TABLE correos DROP COLUMN purgado_at`);
    for (const table of FORM_TABLES) {
      await q.query(`ALTER TABLE ${table} DROP COLUMN aviso_version, DROP COLUMN aviso_aceptado_at, DROP COLUMN anonimizado_at`);
    }
    await q.query(`DROP TABLE avisos_privacidad`);
  }
}
