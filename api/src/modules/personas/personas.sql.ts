import { sqlFunction, type SqlFunction } from '@core/database/sql-functions';
import type { CatalogueType } from '@shared/contracts/personas.contract';
import { DEDUPE_SQL_FUNCTIONS } from './dedupe/dedupe.sql';

/**
 * The personas area's rules that run inside PostgreSQL, each in its one current definition, applied after the
 * migrations whenever the database's differs (core/database/sql-functions.ts; registered in api/src/modules/index.ts;
 * test/platform/sql-functions.int-spec.ts proves the database holds these). The triggers that call them are
 * schema, in the baseline migration.
 */

// ——— The list's totals (docs/decisions/personas.md): the total and the count per completeness level are kept in
// `personas_counts` by statement-level triggers, in the same transaction as every write (exact, and read in one row
// instead of counting the table). ———

/** One function for the three statements: rows added (new_rows) minus rows gone (old_rows), per level. A statement that changed nothing leaves the row untouched (no lock taken). */
const countsApply = sqlFunction(`
      CREATE OR REPLACE FUNCTION personas_counts_apply(d_total bigint, d_red bigint, d_orange bigint, d_green bigint) RETURNS void
      LANGUAGE sql AS $$
        UPDATE personas_counts SET total = total + d_total, red = red + d_red, orange = orange + d_orange, green = green + d_green
         WHERE d_total <> 0 OR d_red <> 0 OR d_orange <> 0 OR d_green <> 0
      $$`);

const countsInsert = sqlFunction(`
      CREATE OR REPLACE FUNCTION personas_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM personas_counts_apply(count(*), count(*) FILTER (WHERE completeness_level = 'red'),
                count(*) FILTER (WHERE completeness_level = 'orange'), count(*) FILTER (WHERE completeness_level = 'green'))
           FROM new_rows;
        RETURN NULL;
      END $$`);

const countsDelete = sqlFunction(`
      CREATE OR REPLACE FUNCTION personas_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM personas_counts_apply(-count(*), -count(*) FILTER (WHERE completeness_level = 'red'),
                -count(*) FILTER (WHERE completeness_level = 'orange'), -count(*) FILTER (WHERE completeness_level = 'green'))
           FROM old_rows;
        RETURN NULL;
      END $$`);

const countsUpdate = sqlFunction(`
      CREATE OR REPLACE FUNCTION personas_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM personas_counts_apply(0, coalesce(sum(d) FILTER (WHERE l = 'red'), 0), coalesce(sum(d) FILTER (WHERE l = 'orange'), 0),
                coalesce(sum(d) FILTER (WHERE l = 'green'), 0))
           FROM (SELECT completeness_level AS l, 1 AS d FROM new_rows UNION ALL SELECT completeness_level, -1 FROM old_rows) c;
        RETURN NULL;
      END $$`);

const countsTruncate = sqlFunction(`
      CREATE OR REPLACE FUNCTION personas_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE personas_counts SET total = 0, red = 0, orange = 0, green = 0;
        RETURN NULL;
      END $$`);

/** Each catalogue's table; a person references it in `<type>_id` (it was foreign key `personas_<type>_id_fkey`). */
export const CATALOGUE_TABLE: Record<CatalogueType, string> = {
  profesion: 'profesiones',
  sector: 'sectores',
  empresa: 'empresas',
  puesto: 'puestos',
  zona: 'zonas',
};

const CATALOGUES = Object.entries(CATALOGUE_TABLE).map(([type, table]) => ({
  column: `${type}_id`,
  table,
  constraint: `personas_${type}_id_fkey`,
}));

/** The person side of one reference: a value written must exist, locked until the transaction ends. */
const personReferenceCheck = (r: (typeof CATALOGUES)[number]): string => `
        IF NEW.${r.column} IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.${r.column} IS DISTINCT FROM OLD.${r.column}) THEN
          PERFORM 1 FROM ${r.table} WHERE id = NEW.${r.column} FOR KEY SHARE;
          IF NOT FOUND THEN
            RAISE EXCEPTION 'insert or update on table "personas" violates foreign key constraint "${r.constraint}"'
              USING ERRCODE = 'foreign_key_violation', CONSTRAINT = '${r.constraint}', TABLE = 'personas', COLUMN = '${r.column}',
                    DETAIL = format('Key (${r.column})=(%s) is not present in table "${r.table}".', NEW.${r.column});
          END IF;
        END IF;`;

/**
 * The five catalogue references (profesión, sector, empresa, puesto, zona) are checked by row triggers that fire
 * only for rows that reference a catalogue, instead of foreign keys (docs/decisions/personas.md, "Referencias a catálogos con triggers…": for a
 * CSV import, whose people reference no catalogue, the foreign keys' checks were a third of PostgreSQL's work). They
 * keep what the foreign keys guaranteed, the way PostgreSQL's own checks do it:
 * - a person written with a catalogue id checks that the value exists and locks it FOR KEY SHARE until the
 *   transaction ends (a concurrent delete of that value waits, then finds the person and clears the reference; a
 *   delete that committed first makes the check fail), with the foreign key's error code and name (23503);
 * - deleting a catalogue value sets the references to it to NULL (ON DELETE SET NULL);
 * - a referenced value's id cannot change (23503), and a referenced catalogue cannot be truncated.
 */
const cataloguesCheck = sqlFunction(`CREATE OR REPLACE FUNCTION personas_catalogues_check() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN${CATALOGUES.map(personReferenceCheck).join('')}
        RETURN NULL;
      END $$`);

/** `<catalogue>_references()`: the catalogue side (delete, change of id, truncate) of each reference. */
const catalogueReferences = CATALOGUES.map((r) =>
  sqlFunction(`CREATE OR REPLACE FUNCTION ${r.table}_references() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'DELETE' THEN
            UPDATE personas SET ${r.column} = NULL WHERE ${r.column} = OLD.id;
            RETURN NULL;
          END IF;
          IF TG_OP = 'UPDATE' THEN
            IF EXISTS (SELECT 1 FROM personas WHERE ${r.column} = OLD.id) THEN
              RAISE EXCEPTION 'update on table "${r.table}" violates foreign key constraint "${r.constraint}" on table "personas"'
                USING ERRCODE = 'foreign_key_violation', CONSTRAINT = '${r.constraint}', TABLE = '${r.table}';
            END IF;
            RETURN NEW;
          END IF;
          IF EXISTS (SELECT 1 FROM personas WHERE ${r.column} IS NOT NULL) THEN
            RAISE EXCEPTION 'cannot truncate a table referenced in a foreign key constraint'
              USING ERRCODE = 'feature_not_supported', DETAIL = 'Table "personas" references "${r.table}".';
          END IF;
          RETURN NULL;
        END $$`),
);

export const PERSONAS_SQL_FUNCTIONS: readonly SqlFunction[] = [
  countsApply,
  countsInsert,
  countsDelete,
  countsUpdate,
  countsTruncate,
  cataloguesCheck,
  ...catalogueReferences,
  ...DEDUPE_SQL_FUNCTIONS,
];
