import { DataSource, MigrationExecutor, type DataSourceOptions, type EntitySchema } from 'typeorm';
import { PLATFORM_ENTITIES } from '../entities';
import { MIGRATIONS } from './migrations';
import { PlatformLock } from './advisory-locks';
import { provideSqlFunctions, syncSqlFunctions, type SqlFunction } from './sql-functions';

/** An entity class or schema, as TypeORM takes them. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export type EntityTarget = Function | EntitySchema;

/**
 * Options shared by the API, the workers, the CLI and the tests. Never `synchronize`: migrations only.
 * `areaEntities` are the modules' entities (api/src/modules/entities.ts: core names no area); core adds its own.
 *
 * JIT is off for every connection: Aforo's statements are short OLTP ones, and a JIT compile costs
 * hundreds of milliseconds each time a plan's estimate crosses jit_above_cost — e.g. each batch of a
 * mass seat assignment (enable_nestloop off adds its "disabled" cost) paid ~0.85 s of compiling for
 * ~0.13 s of work (docs/benchmarks.md, mass assignment).
 */
export function dataSourceOptions(
  databaseUrl: string,
  areaEntities: readonly EntityTarget[],
  overrides: Partial<DataSourceOptions> = {},
): DataSourceOptions {
  const { extra, ...rest } = overrides as Partial<DataSourceOptions> & { extra?: Record<string, unknown> };
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: [...PLATFORM_ENTITIES, ...areaEntities],
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'all',
    synchronize: false,
    logging: false,
    ...rest,
    extra: { max: 20, application_name: 'aforo', options: '-c jit=off', ...extra },
  } as DataSourceOptions;
}

/** What a migration run changed: the versioned migrations it ran and the SQL functions it (re)created. */
export interface MigrationRun {
  migrations: string[];
  functions: string[];
}

/**
 * Runs the pending migrations, then brings the areas' SQL functions to their files' definitions
 * (`syncSqlFunctions`), all in ONE transaction under the migrations' advisory lock: several processes may
 * start at once (the second waits, then finds nothing to do), and a failure leaves the database as it was.
 * The API's CLI (`npm run migrate`, `npm start`, docker compose) and the tests' template database both come here.
 */
export async function runMigrations(databaseUrl: string, sqlFunctions: readonly SqlFunction[]): Promise<MigrationRun> {
  // Migrations need no entities.
  const ds = new DataSource(dataSourceOptions(databaseUrl, [], { extra: { max: 1 } }));
  await ds.initialize();
  const q = ds.createQueryRunner();
  try {
    provideSqlFunctions(q, sqlFunctions);
    await q.startTransaction();
    try {
      await q.query('SELECT pg_advisory_xact_lock($1)', [PlatformLock.Migrations]);
      const executor = new MigrationExecutor(ds, q);
      executor.transaction = 'all';
      const done = await executor.executePendingMigrations();
      const functions = await syncSqlFunctions(q, sqlFunctions);
      await q.commitTransaction();
      return { migrations: done.map((m) => m.name), functions };
    } catch (err) {
      await q.rollbackTransaction();
      throw err;
    }
  } finally {
    await q.release();
    await ds.destroy();
  }
}
