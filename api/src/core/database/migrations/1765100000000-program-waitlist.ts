import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The waitlist of a program with a participant limit (programs), as the external events' one
 * (migration 1764900000000) with the programs' own style: the rules live in programs' TypeScript, every path that
 * moves a place locks the program row first, and the database guards the counts.
 *
 * - `programas.held_places`: places offered to the first in line and not yet accepted. They count against the limit:
 *   the capacity CHECK is now `participantes_actuales + held_places <= max_participantes` (no limit: no bound).
 * - `programas.waitlist_count`: people waiting (not those holding an offer) — the public page shows only this number.
 * - `programa_lista_espera`: one row per person in line, with the whole application (`solicitud`, the body of
 *   /register as stored) so accepting writes the same registration a direct application would. One active entry
 *   (waiting or offered) per e-mail and program: partial unique index.
 */
export class ProgramWaitlist1765100000000 implements MigrationInterface {
  name = 'ProgramWaitlist1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE programas
        ADD COLUMN held_places integer NOT NULL DEFAULT 0,
        ADD COLUMN waitlist_count integer NOT NULL DEFAULT 0,
        DROP CONSTRAINT programas_capacity_check,
        ADD CONSTRAINT programas_capacity_check CHECK (
          (max_participantes IS NULL OR max_participantes >= 1) AND participantes_actuales >= 0
          AND held_places >= 0 AND waitlist_count >= 0
          AND (max_participantes IS NULL OR participantes_actuales + held_places <= max_participantes))`);
    await q.query(`
      CREATE TABLE programa_lista_espera (
        id serial PRIMARY KEY,
        programa_id integer NOT NULL REFERENCES programas (id) ON DELETE CASCADE,
        nombre text NOT NULL,
        apellido_paterno text NOT NULL,
        apellido_materno text NOT NULL,
        correo_electronico text NOT NULL,
        celular text NOT NULL,
        -- The application as /register takes it (camelCase fields of NewProgramRegistration).
        solicitud jsonb NOT NULL,
        status text NOT NULL DEFAULT 'waiting',
        offer_count integer NOT NULL DEFAULT 0,
        offered_until timestamptz,
        registration_id integer REFERENCES programa_registros (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT programa_lista_espera_status_check CHECK (status IN ('waiting', 'offered', 'accepted', 'expired', 'removed')),
        CONSTRAINT programa_lista_espera_offer_check CHECK ((status = 'offered') = (offered_until IS NOT NULL)),
        CONSTRAINT programa_lista_espera_accepted_check CHECK (status <> 'accepted' OR (offer_count > 0 AND registration_id IS NOT NULL))
      )`);
    // One place in line per e-mail and program (waiting or holding an offer), whatever the case and spaces.
    await q.query(
      `CREATE UNIQUE INDEX programa_lista_espera_email_key ON programa_lista_espera (programa_id, lower(btrim(correo_electronico)))
        WHERE status IN ('waiting', 'offered')`,
    );
    await q.query(
      `CREATE INDEX programa_lista_espera_line_idx ON programa_lista_espera (programa_id, id) WHERE status IN ('waiting', 'offered')`,
    );
    await q.query(`CREATE INDEX programa_lista_espera_due_idx ON programa_lista_espera (offered_until) WHERE status = 'offered'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE programa_lista_espera`);
    await q.query(`
      ALTER TABLE programas DROP CONSTRAINT programas_capacity_check,
        DROP COLUMN held_places, DROP COLUMN waitlist_count,
        ADD CONSTRAINT programas_capacity_check CHECK (
          (max_participantes IS NULL OR max_participantes >= 1) AND participantes_actuales >= 0
          AND (max_participantes IS NULL OR participantes_actuales <= max_participantes))`);
  }
}
