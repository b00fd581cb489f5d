import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every row error of an import, for the downloadable errors file ("y N más en el archivo de errores"):
 * `errors` keeps the first IMPORT_MAX_ROW_ERRORS (what the import's answers and pushes carry); `all_errors`
 * holds them all and is only read by the download. NULL for imports finished before this column existed.
 */
export class ImportAllRowErrors1764300000000 implements MigrationInterface {
  name = 'ImportAllRowErrors1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE persona_imports ADD COLUMN all_errors jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE persona_imports DROP COLUMN all_errors`);
  }
}
