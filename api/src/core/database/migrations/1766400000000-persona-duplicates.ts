import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createSqlFunctions } from '../sql-functions';

/**
 * Possible duplicates in the people database (docs/decisions/personas.md "Posibles duplicados").
 *
 * - `persona_duplicado_claves`: the blocking keys of each person (pairs of phonetic name words, 'T:' mobile, 'E:'
 *   e-mail; modules/personas/dedupe/dedupe-rules.ts `blockingKeys`). The primary key (clave, persona_id) is the
 *   index the listing groups blocks on; (persona_id) serves the rewrite of one person's keys and the cascade.
 *   No foreign key: a CSV import keys tens of thousands of people at once, and a foreign key's check per key row was
 *   most of that work; a statement trigger on personas (`personas_duplicado_claves_deleted`) deletes the keys of
 *   deleted people instead, in the same statement.
 * - `persona_duplicado_indexadas`: the people whose keys are written (no foreign key either, same trigger). A CSV import writes people by COPY without
 *   keys; the import job and the listing key whoever is missing (computing keys in Node is the one rule, and keeps
 *   COPY as fast as it was).
 * - Trigger `personas_duplicado_claves_stale`: a change of name, mobile or e-mail by any path drops the person's keys
 *   (its function lives in modules/personas/dedupe/dedupe.sql.ts; applied here so the trigger can name it).
 * - `persona_import_duplicados`: the rows of a CSV import that matched a person already stored: 'omitida' (same
 *   mobile and a compatible name: certainly that person, not created, reported by name) or 'revision' (probably that
 *   person: not created until a staff member decides, `estado`). Deleted with the import.
 * - `persona_no_duplicados`: pairs a staff member marked 'No es duplicado' (never listed again), smaller id first.
 */
export class PersonaDuplicates1766400000000 implements MigrationInterface {
  name = 'PersonaDuplicates1766400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE persona_duplicado_claves (
        clave text COLLATE "C" NOT NULL,
        persona_id integer NOT NULL,
        CONSTRAINT persona_duplicado_claves_pkey PRIMARY KEY (clave, persona_id)
      )`);
    await q.query(`CREATE INDEX persona_duplicado_claves_persona_idx ON persona_duplicado_claves (persona_id)`);
    await q.query(`
      CREATE TABLE persona_duplicado_indexadas (
        persona_id integer PRIMARY KEY
      )`);
    await q.query(`
      CREATE TABLE persona_no_duplicados (
        persona_a integer NOT NULL REFERENCES personas (id) ON DELETE CASCADE,
        persona_b integer NOT NULL REFERENCES personas (id) ON DELETE CASCADE,
        created_by integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT persona_no_duplicados_pkey PRIMARY KEY (persona_a, persona_b),
        CONSTRAINT persona_no_duplicados_order CHECK (persona_a < persona_b)
      )`);
    await q.query(`CREATE INDEX persona_no_duplicados_b_idx ON persona_no_duplicados (persona_b)`);
    await q.query(`
      CREATE TABLE persona_import_duplicados (
        import_id uuid NOT NULL REFERENCES persona_imports (id) ON DELETE CASCADE,
        fila integer NOT NULL,
        tipo text NOT NULL,
        nombre text NOT NULL,
        apellido_paterno text NOT NULL,
        apellido_materno text NOT NULL,
        telefono_celular text,
        persona_id integer REFERENCES personas (id) ON DELETE SET NULL,
        score integer NOT NULL,
        reasons jsonb NOT NULL,
        estado text NOT NULL DEFAULT 'pendiente',
        resuelta_por integer,
        resuelta_at timestamptz,
        creada_id integer,
        CONSTRAINT persona_import_duplicados_pkey PRIMARY KEY (import_id, fila),
        CONSTRAINT persona_import_duplicados_tipo CHECK (tipo IN ('omitida', 'revision')),
        CONSTRAINT persona_import_duplicados_estado CHECK (estado IN ('pendiente', 'creada', 'descartada'))
      )`);
    await q.query(`CREATE INDEX persona_import_duplicados_persona_idx ON persona_import_duplicados (persona_id)`);
    await q.query(`ALTER TABLE persona_imports ADD COLUMN por_revisar integer NOT NULL DEFAULT 0`);
    await createSqlFunctions(q, ['personas_duplicado_claves_stale', 'personas_duplicado_claves_deleted']);
    await q.query(`CREATE TRIGGER personas_duplicado_claves_deleted AFTER DELETE ON personas REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION personas_duplicado_claves_deleted()`);
    await q.query(`
      CREATE TRIGGER personas_duplicado_claves_stale AFTER UPDATE OF nombre, apellido_paterno, apellido_materno, telefono_celular,
        correo_electronico ON personas FOR EACH ROW
        WHEN (OLD.nombre IS DISTINCT FROM NEW.nombre OR OLD.apellido_paterno IS DISTINCT FROM NEW.apellido_paterno
              OR OLD.apellido_materno IS DISTINCT FROM NEW.apellido_materno OR OLD.telefono_celular IS DISTINCT FROM NEW.telefono_celular
              OR OLD.correo_electronico IS DISTINCT FROM NEW.correo_electronico)
        EXECUTE FUNCTION personas_duplicado_claves_stale()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER personas_duplicado_claves_stale ON personas`);
    await q.query(`DROP FUNCTION personas_duplicado_claves_stale()`);
    await q.query(`DROP TRIGGER personas_duplicado_claves_deleted ON personas`);
    await q.query(`DROP FUNCTION personas_duplicado_claves_deleted()`);
    await q.query(`DROP TABLE persona_no_duplicados`);
    await q.query(`ALTER TABLE persona_imports DROP COLUMN por_revisar`);
    await q.query(`DROP TABLE persona_import_duplicados`);
    await q.query(`DROP TABLE persona_duplicado_indexadas`);
    await q.query(`DROP TABLE persona_duplicado_claves`);
  }
}
