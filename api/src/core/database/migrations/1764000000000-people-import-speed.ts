import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createSqlFunctions } from '../sql-functions';

/**
 * The 10 MB CSV import and the people list under load (docs/decisions.md):
 * - the indexes on completeness, sector and empresa only hold the rows that a filter can look for with
 *   them (an import writes people without sector or empresa, at the 'red' level: nothing to maintain);
 * - no deduplication pass on the two indexes whose keys never repeat (the order index includes the id);
 * - the stored upload is kept uncompressed (compressing 10 MB costs more than it saves);
 * - the total and the count per completeness level are kept in `personas_counts`, by statement-level
 *   triggers in the same transaction as every write (exact, and read in one row instead of counting the table);
 */
export class PeopleImportSpeed1764000000000 implements MigrationInterface {
  name = 'PeopleImportSpeed1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE persona_imports ALTER COLUMN file SET STORAGE EXTERNAL`);

    await q.query(`DROP INDEX personas_completeness_idx`);
    await q.query(`CREATE INDEX personas_completeness_idx ON personas (completeness_level) WHERE completeness_level <> 'red'`);
    await q.query(`DROP INDEX personas_sector_idx`);
    await q.query(`CREATE INDEX personas_sector_idx ON personas (sector_id) WHERE sector_id IS NOT NULL`);
    await q.query(`DROP INDEX personas_empresa_idx`);
    await q.query(`CREATE INDEX personas_empresa_idx ON personas (empresa_id) WHERE empresa_id IS NOT NULL`);
    await q.query(`ALTER INDEX personas_order_idx SET (deduplicate_items = off)`);
    await q.query(`ALTER INDEX personas_dedupe_key SET (deduplicate_items = off)`);

    await q.query(`
      CREATE TABLE personas_counts (
        id boolean PRIMARY KEY DEFAULT true CONSTRAINT personas_counts_one_row CHECK (id),
        total bigint NOT NULL,
        red bigint NOT NULL,
        orange bigint NOT NULL,
        green bigint NOT NULL
      )`);
    await q.query(`
      INSERT INTO personas_counts (total, red, orange, green)
      SELECT count(*), count(*) FILTER (WHERE completeness_level = 'red'), count(*) FILTER (WHERE completeness_level = 'orange'),
             count(*) FILTER (WHERE completeness_level = 'green')
        FROM personas`);
    // The triggers' functions are the personas area's (modules/personas/personas.sql.ts), created here in their
    // current definition because the triggers need them.
    await createSqlFunctions(q, [
      'personas_counts_apply',
      'personas_counts_insert',
      'personas_counts_delete',
      'personas_counts_update',
      'personas_counts_truncate',
    ]);
    await q.query(`CREATE TRIGGER personas_counts_insert AFTER INSERT ON personas REFERENCING NEW TABLE AS new_rows
                   FOR EACH STATEMENT EXECUTE FUNCTION personas_counts_insert()`);
    await q.query(`CREATE TRIGGER personas_counts_delete AFTER DELETE ON personas REFERENCING OLD TABLE AS old_rows
                   FOR EACH STATEMENT EXECUTE FUNCTION personas_counts_delete()`);
    await q.query(`CREATE TRIGGER personas_counts_update AFTER UPDATE ON personas REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                   FOR EACH STATEMENT EXECUTE FUNCTION personas_counts_update()`);
    await q.query(
      `CREATE TRIGGER personas_counts_truncate AFTER TRUNCATE ON personas FOR EACH STATEMENT EXECUTE FUNCTION personas_counts_truncate()`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER personas_counts_truncate ON personas`);
    await q.query(`DROP TRIGGER personas_counts_update ON personas`);
    await q.query(`DROP TRIGGER personas_counts_delete ON personas`);
    await q.query(`DROP TRIGGER personas_counts_insert ON personas`);
    await q.query(`DROP FUNCTION personas_counts_truncate(), personas_counts_update(), personas_counts_delete(), personas_counts_insert()`);
    await q.query(`DROP FUNCTION personas_counts_apply(bigint, bigint, bigint, bigint)`);
    await q.query(`DROP TABLE personas_counts`);
    await q.query(`ALTER INDEX personas_dedupe_key RESET (deduplicate_items)`);
    await q.query(`ALTER INDEX personas_order_idx RESET (deduplicate_items)`);
    await q.query(`DROP INDEX personas_empresa_idx`);
    await q.query(`CREATE INDEX personas_empresa_idx ON personas (empresa_id)`);
    await q.query(`DROP INDEX personas_sector_idx`);
    await q.query(`CREATE INDEX personas_sector_idx ON personas (sector_id)`);
    await q.query(`DROP INDEX personas_completeness_idx`);
    await q.query(`CREATE INDEX personas_completeness_idx ON personas (completeness_level)`);
    await q.query(`ALTER TABLE persona_imports ALTER COLUMN file SET STORAGE EXTENDED`);
  }
}
