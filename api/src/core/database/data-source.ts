import { DataSource, type DataSourceOptions, type EntitySchema } from 'typeorm';
import { PLATFORM_ENTITIES } from '../entities';
import { MIGRATIONS } from './migrations';
import { PlatformLock } from './advisory-locks';

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

/** Runs pending migrations under an advisory lock, so several processes may start at once. */
export async function runMigrations(databaseUrl: string): Promise<string[]> {
  // Migrations need no entities.
  const ds = new DataSource(dataSourceOptions(databaseUrl, [], { extra: { max: 1 } }));
  await ds.initialize();
  try {
    await ds.query('SELECT pg_advisory_lock($1)', [PlatformLock.Migrations]);
    const done = await ds.runMigrations({ transaction: 'all' });
    await ds.query('SELECT pg_advisory_unlock($1)', [PlatformLock.Migrations]);
    return done.map((m) => m.name);
  } finally {
    await ds.destroy();
  }
}
