import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { runMigrations } from '../../api/src/core/database/data-source';
import { databaseUrl, HARNESS_FILE, type HarnessEnv } from './harness-env';

const ROOT = join(__dirname, '../..');

/**
 * Finds PostgreSQL and Redis — TEST_DATABASE_URL/TEST_REDIS_URL, else Testcontainers when a
 * container runtime answers, else the local services on their default ports — and prepares a
 * migrated template database that each test file clones.
 */
export default async function globalSetup(): Promise<void> {
  let adminDatabaseUrl = process.env.TEST_DATABASE_URL;
  let redisUrl = process.env.TEST_REDIS_URL;
  if (!adminDatabaseUrl || !redisUrl) {
    const containers = await startContainers(!adminDatabaseUrl, !redisUrl);
    adminDatabaseUrl ??= containers.databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    redisUrl ??= containers.redisUrl ?? 'redis://127.0.0.1:6379';
  }

  // Some tests run the compiled server or workers as separate processes (a worker killed mid-import, seed:demo
  // beside a running instance): compile it once here (incremental), never from two test files at once.
  const build = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build:server failed:\n${build.stdout}\n${build.stderr}`);

  // The template is built like `npm run migrate` builds a database: the migrations, then the areas' SQL functions
  // (their registry read from the build: jest's path aliases do not reach a global setup). It is named after both.
  const { AREA_SQL_FUNCTIONS } = (await import(join(ROOT, 'dist/api/src/modules'))) as typeof import('../../api/src/modules');
  const migrationsDir = join(ROOT, 'api/src/core/database/migrations');
  const hash = createHash('sha1');
  for (const f of readdirSync(migrationsDir).sort()) hash.update(f).update(readFileSync(join(migrationsDir, f)));
  hash.update(JSON.stringify(AREA_SQL_FUNCTIONS));
  const templateDatabase = `aforo_tpl_${hash.digest('hex').slice(0, 12)}`;

  const admin = new Client({ connectionString: adminDatabaseUrl });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [templateDatabase]);
    if (!exists.rowCount) {
      // Build under a temporary name, then rename: a half-migrated template is never used.
      const building = `${templateDatabase}_build_${process.pid}`;
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      await admin.query(`CREATE DATABASE ${building}`);
      await runMigrations(databaseUrl(adminDatabaseUrl, building), AREA_SQL_FUNCTIONS);
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${templateDatabase}`).catch(async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      });
    }
    // Leftovers of interrupted runs older than an hour.
    const stale = await admin
      .query(
        `SELECT datname FROM pg_database WHERE datname LIKE 'aforo_t\\_%' AND (pg_stat_file('base/' || oid || '/PG_VERSION')).modification < now() - interval '1 hour'`,
      )
      .catch(() => ({ rows: [] as Array<{ datname: string }> }));
    for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
  } finally {
    await admin.end();
  }

  const env: HarnessEnv = { adminDatabaseUrl, templateDatabase, redisUrl };
  writeFileSync(HARNESS_FILE, JSON.stringify(env));
}

interface Started {
  databaseUrl?: string;
  redisUrl?: string;
}

async function startContainers(postgres: boolean, redis: boolean): Promise<Started> {
  if (process.env.TESTCONTAINERS === 'off') return {};
  let tc: typeof import('testcontainers');
  try {
    tc = await import('testcontainers');
    await tc.getContainerRuntimeClient();
  } catch {
    return {}; // No container runtime here: the local services are the fallback.
  }
  const started: Started = {};
  const handles: Array<{ stop(): Promise<unknown> }> = [];
  if (postgres) {
    const pg = await new tc.GenericContainer('postgres:16-alpine')
      .withEnvironment({ POSTGRES_PASSWORD: 'postgres' })
      .withExposedPorts(5432)
      .withWaitStrategy(tc.Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start();
    handles.push(pg);
    started.databaseUrl = `postgres://postgres:postgres@${pg.getHost()}:${pg.getMappedPort(5432)}/postgres`;
  }
  if (redis) {
    const r = await new tc.GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
    handles.push(r);
    started.redisUrl = `redis://${r.getHost()}:${r.getMappedPort(6379)}`;
  }
  (globalThis as { __aforoContainers?: typeof handles }).__aforoContainers = handles;
  return started;
}
