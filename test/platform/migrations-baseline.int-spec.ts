import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { dataSourceOptions, runMigrations } from '../../api/src/core/database/data-source';
import { Baseline1767000000000, SQUASHED } from '../../api/src/core/database/migrations/1767000000000-baseline';
import { MIGRATIONS } from '../../api/src/core/database/migrations';
import { AREA_SQL_FUNCTIONS } from '../../api/src/modules';
import { databaseUrl, readHarnessEnv } from '../setup/harness-env';
import { adminQuery } from '../setup/test-app';

/** Every migration's name, the baseline first. */
const ALL = MIGRATIONS.map((m) => new m().name);

/** What the schema is, in one text: columns, constraints, indexes and triggers of the public schema. */
const SHAPE = `
  SELECT string_agg(line, E'\\n' ORDER BY line) AS shape FROM (
    SELECT format('column %s.%s %s %s %s', table_name, column_name, data_type, is_nullable, column_default) AS line
      FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> 'migrations'
    UNION ALL
    SELECT format('constraint %s %s', conrelid::regclass, pg_get_constraintdef(oid)) FROM pg_constraint
     WHERE connamespace = 'public'::regnamespace AND conrelid <> 'migrations'::regclass
    UNION ALL
    SELECT pg_get_indexdef(indexrelid) FROM pg_index WHERE indrelid::regclass::text <> 'migrations'
       AND indrelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace)
    UNION ALL
    SELECT pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal
  ) lines`;

/**
 * One baseline instead of the 28 migrations before it (docs/decisions/plataforma.md, «Una línea base en lugar de 28
 * migraciones»): an empty database gets the whole schema; one migrated before the squash is left as it is; one
 * migrated only part of the way stops with a message and changes nothing.
 */
describe('the baseline migration', () => {
  const harness = readHarnessEnv();
  const databases: string[] = [];
  const sources: DataSource[] = [];
  const admin = (sql: string): Promise<void> => adminQuery(harness.adminDatabaseUrl, sql);

  const emptyDatabase = async (): Promise<{ url: string; ds: DataSource }> => {
    const name = `aforo_t_base_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin(`CREATE DATABASE ${name}`);
    databases.push(name);
    const url = databaseUrl(harness.adminDatabaseUrl, name);
    const ds = await new DataSource(dataSourceOptions(url, [], { extra: { max: 2 } })).initialize();
    sources.push(ds);
    return { url, ds };
  };
  const shape = async (ds: DataSource): Promise<string> => (await ds.query(SHAPE))[0].shape;
  const migrationRows = async (ds: DataSource): Promise<string[]> =>
    (await ds.query(`SELECT name FROM migrations ORDER BY id`)).map((r: { name: string }) => r.name);

  afterAll(async () => {
    for (const ds of sources) await ds.destroy().catch(() => undefined);
    for (const name of databases) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  });

  it('builds an empty database whole: the tables, the functions, the triggers and the counts row', async () => {
    const { url, ds } = await emptyDatabase();
    expect(await runMigrations(url, AREA_SQL_FUNCTIONS)).toEqual({ migrations: ALL, functions: [] });
    expect(ALL[0]).toBe('Baseline1767000000000');
    expect(await migrationRows(ds)).toEqual(ALL);
    const [{ tables }] = await ds.query(`SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public'`);
    expect(tables).toBe(51); // 50 of Aforo's and TypeORM's `migrations`
    expect(await ds.query(`SELECT total::int, red::int, orange::int, green::int FROM personas_counts`)).toEqual([
      { total: 0, red: 0, orange: 0, green: 0 },
    ]);
    // A trigger works: the counts follow an inserted person.
    await ds.query(`INSERT INTO personas (nombre, apellido_paterno, apellido_materno) VALUES ('Ana', 'Pérez', 'Ríos')`);
    expect((await ds.query(`SELECT total::int FROM personas_counts`))[0].total).toBe(1);
    // A default that calls an area's function: a registration's door code.
    const [{ codigo }] = await ds.query(`SELECT external_door_code() AS codigo`);
    expect(codigo).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{8}$/);
  });

  it('leaves a database migrated before the squash as it is, and runs once', async () => {
    const { url, ds } = await emptyDatabase();
    await runMigrations(url, AREA_SQL_FUNCTIONS);
    const before = await shape(ds);
    // As a database of c916eb2 lists its migrations: the 28, none of those since.
    await ds.query(`DELETE FROM migrations`);
    for (const name of SQUASHED) {
      await ds.query(`INSERT INTO migrations ("timestamp", name) VALUES ($1, $2)`, [Number(name.slice(-13)), name]);
    }
    expect(await runMigrations(url, AREA_SQL_FUNCTIONS)).toEqual({ migrations: ALL, functions: [] });
    expect(await shape(ds)).toBe(before);
    expect(await migrationRows(ds)).toEqual([...SQUASHED, ...ALL]);
    expect(await runMigrations(url, AREA_SQL_FUNCTIONS)).toEqual({ migrations: [], functions: [] });
  });

  it('stops a database migrated only part of the way, with a message, and writes nothing', async () => {
    const { url, ds } = await emptyDatabase();
    await ds.query(`CREATE TABLE migrations (id SERIAL PRIMARY KEY, "timestamp" bigint NOT NULL, name varchar NOT NULL)`);
    for (const name of SQUASHED.slice(0, 5)) {
      await ds.query(`INSERT INTO migrations ("timestamp", name) VALUES ($1, $2)`, [Number(name.slice(-13)), name]);
    }
    await expect(runMigrations(url, AREA_SQL_FUNCTIONS)).rejects.toThrow(
      'La base de datos tiene 5 de las 28 migraciones anteriores a la línea base: actualízala primero con la versión c916eb2 (npm run migrate) y después con esta.',
    );
    expect(await migrationRows(ds)).toEqual(SQUASHED.slice(0, 5));
    const [{ tables }] = await ds.query(`SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public'`);
    expect(tables).toBe(1);
  });

  it('is not undone', async () => {
    await expect(new Baseline1767000000000().down()).rejects.toThrow('La línea base no se deshace');
  });
});
