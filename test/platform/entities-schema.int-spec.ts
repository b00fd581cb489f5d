import { appPerFile, TestApp } from '../setup/test-app';

/**
 * The migrations own the schema; the entities describe it (shared columns come from base-columns.ts). What
 * TypeORM would change to make the database fit the entities must never touch a column: constraints and
 * indexes are the migrations' alone (the entities do not repeat them), so those differences are expected.
 */
describe('entities and migrations describe the same columns', () => {
  let t: TestApp;
  appPerFile((app) => (t = app), { workers: false });

  it('no column to add, drop or retype after the migrations', async () => {
    const { upQueries } = await t.db.driver.createSchemaBuilder().log();
    const columnChanges = upQueries
      .map((q) => q.query)
      .filter((q) => /ADD COLUMN|DROP COLUMN|ALTER COLUMN "[^"]+" (TYPE|SET NOT NULL|DROP NOT NULL)|CREATE TABLE|DROP TABLE/i.test(q));
    expect(columnChanges).toEqual([]);
    // Every entity maps a table, with its shared columns (id, created_at, …) where it extends base-columns.
    const byTable = Object.fromEntries(t.db.entityMetadatas.map((m) => [m.tableName, m.columns.map((c) => c.databaseName)]));
    expect(byTable.programas).toEqual(expect.arrayContaining(['id', 'created_at', 'updated_at', 'created_by', 'version']));
    expect(byTable.programa_registros).toEqual(
      expect.arrayContaining(['id', 'nombre', 'apellido_paterno', 'apellido_materno', 'fecha_nacimiento', 'created_at']),
    );
  });
});
