import { DataSource, type DataSourceOptions } from 'typeorm';
import { ENTITIES } from '../entities';
import { MIGRATIONS } from './migrations';
import { AdvisoryLock } from './advisory-locks';

/** Options shared by the API, the workers, the CLI and the tests. Never `synchronize`: migrations only. */
export function dataSourceOptions(databaseUrl: string, extra: Partial<DataSourceOptions> = {}): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'all',
    synchronize: false,
    logging: false,
    extra: { max: 20, application_name: 'aforo' },
    ...extra,
  } as DataSourceOptions;
}

/** Runs pending migrations under an advisory lock, so several processes may start at once. */
export async function runMigrations(databaseUrl: string): Promise<string[]> {
  const ds = new DataSource(dataSourceOptions(databaseUrl, { extra: { max: 1 } }));
  await ds.initialize();
  try {
    await ds.query('SELECT pg_advisory_lock($1)', [AdvisoryLock.Migrations]);
    const done = await ds.runMigrations({ transaction: 'all' });
    await ds.query('SELECT pg_advisory_unlock($1)', [AdvisoryLock.Migrations]);
    return done.map((m) => m.name);
  } finally {
    await ds.destroy();
  }
}
