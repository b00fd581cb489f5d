import { spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startEmbeddedPostgresHolder, stopProcess } from '../setup/processes';

const ROOT = join(__dirname, '../..');

/**
 * `npm run seed:demo` beside a running `npm start` (embedded PostgreSQL, no DATABASE_URL): it used to
 * fail because the embedded PostgreSQL's port was taken; it now uses the running instance.
 */
describe('npm run seed:demo while npm start is running', () => {
  let dataDir: string;
  let holder: ChildProcess | null = null;
  // A port the system says is free now (a random one in 55000–59000 sits in Linux's ephemeral range and can
  // already be taken by an outgoing connection of a parallel test, which made the embedded PostgreSQL fail).
  let port = '';
  const env = (): NodeJS.ProcessEnv => {
    const e: NodeJS.ProcessEnv = {
      ...process.env,
      AFORO_DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: port,
      EMBEDDED_PG_SHARED_DIR: join(dataDir, 'shared'),
      NODE_ENV: 'production',
    };
    delete e.DATABASE_URL;
    e.REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    e.REDIS_PREFIX = `seedrun${port}`;
    e.LOG_LEVEL = 'warn';
    return e;
  };

  beforeAll(async () => {
    port = await freePort();
    // The one-off command runs the compiled server (--no-build below), which the global setup compiled.
    dataDir = mkdtempSync(join(tmpdir(), 'aforo-data-'));
    // As root, PostgreSQL runs as the system user `postgres`: the data stays here when it can enter the folder,
    // and the binaries of a private checkout go to EMBEDDED_PG_SHARED_DIR (scripts/embedded-postgres.mjs).
    chmodSync(dataDir, 0o755);
    // What `npm start` holds while it runs: the embedded PostgreSQL of this data directory, on its port.
    holder = (await startEmbeddedPostgresHolder(env())).child;
  }, 300_000);

  afterAll(async () => {
    await stopProcess(holder, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates and seeds the running instance instead of failing on the taken port', () => {
    const run = spawnSync(process.execPath, [join(ROOT, 'scripts/start.mjs'), '--no-build', '--seed-demo'], {
      cwd: ROOT,
      env: env(),
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.stderr).not.toMatch(/ya está en uso/);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/ya está corriendo/);
    expect(run.stdout).toMatch(/Datos de demostración: 6 usuarios nuevos/);
    // The instance is still up afterwards (the one-off command leaves it running).
    expect(holder!.exitCode).toBeNull();
  }, 150_000);
});
