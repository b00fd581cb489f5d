import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DataSource, type QueryRunner } from 'typeorm';
import { dataSourceOptions, runMigrations } from '../../api/src/core/database/data-source';
import { applySqlFunctions, compareSqlFunctions, type SqlFunction } from '../../api/src/core/database/sql-functions';
import { AREA_SQL_FUNCTIONS } from '../../api/src/modules';
import { databaseUrl, readHarnessEnv } from '../setup/harness-env';
import { adminQuery, eventually } from '../setup/test-app';

const ROOT = join(__dirname, '../..');

const nameOf = (signature: string): string => signature.slice(0, signature.indexOf('('));

/** The list with one definition replaced (what an edit of its area's file would hand to the next migration run). */
function edited(name: string, definition: string): SqlFunction[] {
  return AREA_SQL_FUNCTIONS.map((f) => (f.name === name ? { name, definition } : f));
}

/**
 * The areas' SQL functions live in their folders (`modules/<area>/<area>.sql.ts`), one current definition each,
 * and every migration run (`runMigrations`: `npm run migrate`, `npm start`, docker compose, the tests' template)
 * brings the database to them (docs/architecture.md, "Funciones SQL de las áreas").
 */
describe("the areas' SQL functions: the database holds what their files define", () => {
  const harness = readHarnessEnv();
  const databases: string[] = [];
  const sources: DataSource[] = [];

  const admin = (sql: string): Promise<void> => adminQuery(harness.adminDatabaseUrl, sql);
  /** A database of its own: a copy of the migrated template, or empty. */
  const database = async (from: 'template' | 'empty'): Promise<string> => {
    const name = `aforo_t_fn_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin(`CREATE DATABASE ${name}${from === 'template' ? ` TEMPLATE ${harness.templateDatabase}` : ''}`);
    databases.push(name);
    return databaseUrl(harness.adminDatabaseUrl, name);
  };
  const connect = async (url: string): Promise<DataSource> => {
    const ds = await new DataSource(dataSourceOptions(url, [], { extra: { max: 3 } })).initialize();
    sources.push(ds);
    return ds;
  };
  /** Compares in a transaction of its own (the comparison needs one; it changes nothing). */
  const compare = async (ds: DataSource, functions: readonly SqlFunction[] = AREA_SQL_FUNCTIONS) => {
    const q = ds.createQueryRunner();
    await q.startTransaction();
    try {
      return await compareSqlFunctions(q, functions);
    } finally {
      await q.rollbackTransaction();
      await q.release();
    }
  };
  const definitionOf = async (ds: DataSource, name: string): Promise<string> =>
    (await ds.query(`SELECT pg_get_functiondef(oid) AS def FROM pg_proc WHERE proname = $1`, [name]))[0]?.def;

  afterAll(async () => {
    for (const ds of sources) await ds.destroy().catch(() => undefined);
    for (const name of databases) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  });

  it('after the migrations every registered function is as its file defines it, and no other function is there', async () => {
    const ds = await connect(await database('template'));
    expect(AREA_SQL_FUNCTIONS.map((f) => f.name)).toEqual(
      expect.arrayContaining(['register_external_batch', 'queue_mail', 'aviso_privacidad_vigente', 'personas_counts_apply']),
    );
    const { stale, unregistered } = await compare(ds);
    expect(stale).toEqual([]);
    // Each registered name once in the database (no overload left beside it), and nothing else.
    expect(unregistered.map(nameOf)).toEqual([]);
    const inDatabase: Array<{ name: string }> = await ds.query(
      `SELECT proname AS name FROM pg_proc WHERE pronamespace = 'public'::regnamespace AND proname = ANY($1)`,
      [AREA_SQL_FUNCTIONS.map((f) => f.name)],
    );
    expect(inDatabase.map((r) => r.name).sort()).toEqual(AREA_SQL_FUNCTIONS.map((f) => f.name).sort());
  });

  it('the CLI (`npm run migrate`) builds an empty database to the same functions as the template of the tests', async () => {
    const url = await database('empty');
    const run = spawnSync(process.execPath, [join(ROOT, 'dist/api/src/cli.js'), 'migrate'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: url,
        REDIS_URL: harness.redisUrl,
        JWT_SECRET: 'x'.repeat(40),
        ADMIN_EMAIL: 'admin@aforo.test',
        ADMIN_PASSWORD: 'admin-password-1',
        LOG_LEVEL: 'silent',
      },
    });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    // The baseline creates every function at its current definition: the sync after it finds nothing to change.
    expect(run.stdout).toMatch(/^Migraciones aplicadas: Baseline1767000000000\b/m);
    expect(run.stdout).not.toMatch(/Funciones SQL actualizadas/);
    const [cli, template] = [await connect(url), await connect(await database('template'))];
    const all = `SELECT p.oid::regprocedure::text AS signature, pg_get_functiondef(p.oid) AS def
                   FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace ORDER BY 1`;
    expect(await cli.query(all)).toEqual(await template.query(all));
    expect((await compare(cli)).stale).toEqual([]);
  }, 150_000);

  it('a definition that differs (edited file, or changed by hand) is caught, and the next run brings it back, once', async () => {
    const url = await database('template');
    const ds = await connect(url);
    await ds.query(`CREATE OR REPLACE FUNCTION external_iso(t timestamptz) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
      BEGIN RETURN 'changed by hand'; END $$`);
    await ds.query(`DROP FUNCTION external_event_mail(external_events)`);
    await ds.query(`CREATE FUNCTION aforo_stray(n integer) RETURNS integer LANGUAGE sql AS $$ SELECT n $$`);

    expect(await compare(ds)).toEqual({
      stale: ['external_event_mail', 'external_iso'],
      unregistered: expect.arrayContaining(['aforo_stray(integer)']),
    });
    expect(await runMigrations(url, AREA_SQL_FUNCTIONS)).toEqual({ migrations: [], functions: ['external_event_mail', 'external_iso'] });
    expect((await compare(ds)).stale).toEqual([]);
    expect(await ds.query(`SELECT external_iso('2026-01-02T03:04:05.678Z') AS iso`)).toEqual([{ iso: '2026-01-02T03:04:05.678Z' }]);
    expect(await runMigrations(url, AREA_SQL_FUNCTIONS)).toEqual({ migrations: [], functions: [] });

    // An edit of the file: the new body is what the database runs after the next migration run.
    const iso = AREA_SQL_FUNCTIONS.find((f) => f.name === 'external_iso')!;
    const newer = edited('external_iso', iso.definition.replace('RETURN to_char(', `RETURN '' || to_char(`));
    expect((await compare(ds, newer)).stale).toEqual(['external_iso']);
    expect(await runMigrations(url, newer)).toEqual({ migrations: [], functions: ['external_iso'] });
    expect(await definitionOf(ds, 'external_iso')).toContain(`RETURN '' || to_char(`);
    expect((await compare(ds)).stale).toEqual(['external_iso']);
  });

  it('a body that does not compile, or a new signature without a migration that drops the old one, stops the run and changes nothing', async () => {
    const url = await database('template');
    const ds = await connect(url);
    const before = await definitionOf(ds, 'external_iso');
    const iso = () => AREA_SQL_FUNCTIONS.find((f) => f.name === 'external_iso')!.definition;

    const broken = edited('external_iso', iso().replace('RETURN to_char(', 'RETURN to_char(;'));
    await expect(runMigrations(url, broken)).rejects.toThrow(/mismatched parentheses/);

    const wider = edited(
      'external_iso',
      `CREATE OR REPLACE FUNCTION external_iso(t timestamptz, p_zone text) RETURNS text LANGUAGE plpgsql AS $$ BEGIN RETURN p_zone; END $$`,
    );
    await expect(runMigrations(url, wider)).rejects.toThrow(/external_iso\(timestamp with time zone\) beside the registered definition/);

    expect(await definitionOf(ds, 'external_iso')).toBe(before);
    expect(await ds.query(`SELECT count(*)::int AS n FROM pg_proc WHERE proname = 'external_iso'`)).toEqual([{ n: 1 }]);
  });

  it('two processes migrating at once: the second waits for the first and finds nothing to do (control: without the lock one fails)', async () => {
    const url = await database('template');
    const ds = await connect(url);
    const changeByHand = () =>
      ds.query(`CREATE OR REPLACE FUNCTION external_iso(t timestamptz) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
        BEGIN RETURN 'changed by hand'; END $$`);

    await changeByHand();
    const runs = await Promise.all([runMigrations(url, AREA_SQL_FUNCTIONS), runMigrations(url, AREA_SQL_FUNCTIONS)]);
    expect(runs.map((r) => r.functions).sort()).toEqual([[], ['external_iso']]);
    expect((await compare(ds)).stale).toEqual([]);

    // Control: two transactions that both found it stale replace it at once, without the lock: the second fails.
    await changeByHand();
    const [a, b]: QueryRunner[] = [ds.createQueryRunner(), ds.createQueryRunner()];
    try {
      await a.startTransaction();
      await b.startTransaction();
      expect((await compareSqlFunctions(a, AREA_SQL_FUNCTIONS)).stale).toEqual(['external_iso']);
      expect((await compareSqlFunctions(b, AREA_SQL_FUNCTIONS)).stale).toEqual(['external_iso']);
      await applySqlFunctions(a, AREA_SQL_FUNCTIONS, ['external_iso']);
      const [{ pid }]: Array<{ pid: number }> = await b.query('SELECT pg_backend_pid() AS pid');
      const second = applySqlFunctions(b, AREA_SQL_FUNCTIONS, ['external_iso']);
      second.catch(() => undefined);
      await eventually(
        async () => (await ds.query(`SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1`, [pid]))[0]?.wait_event_type,
        (w) => w === 'Lock',
      );
      await a.commitTransaction();
      await expect(second).rejects.toThrow(/tuple concurrently updated/);
    } finally {
      if (b.isTransactionActive) await b.rollbackTransaction();
      await Promise.all([a.release(), b.release()]);
    }
  });
});
