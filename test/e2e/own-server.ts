import { spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { ADMIN, daysAhead, forgetSessions } from '../setup/browser';
import { freePort } from '../setup/processes';

/**
 * A server of a spec's own, for a spec whose data must not reach its worker's server (fixtures.ts: the specs after it
 * there count rows) or whose server starts differently: test/e2e/start-server.mjs on a free port, with its own database
 * and Redis prefix.
 * Started once per worker, before the spec's first test; stopped and its database dropped after its last.
 */
export interface OwnServer {
  url: string;
  database: string;
  /** A connection to its database, to write what the API cannot (a message queued, an event made old). */
  db: pg.Client;
  /** What the server has printed so far (stdout and stderr, the last 8,000 characters). */
  output(): string;
}

const root = join(__dirname, '../..');
export const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of one database on the e2e PostgreSQL. */
export function databaseUrl(database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A server started by `startServer`, and how to stop it (its database dropped). */
export interface StartedServer extends OwnServer {
  stop(): Promise<void>;
}

/**
 * Starts test/e2e/start-server.mjs on `port` (a free one the system picks when not given) with a database of its own
 * (aforo_e2e_<timestamp>_<port>, also its Redis prefix) and waits until it answers /api/health. `env` is added to
 * start-server.mjs's (E2E_ADMIN_PASSWORD, …). `stop` ends it, forgets its sessions and drops its database.
 */
export async function startServer(options: { env?: NodeJS.ProcessEnv; port?: string } = {}): Promise<StartedServer> {
  const port = options.port ?? (await freePort());
  // Two workers may start theirs in the same millisecond: the port tells them apart.
  const database = `aforo_e2e_${Date.now()}_${port}`;
  let out = '';
  const server = spawn(process.execPath, [join(root, 'test/e2e/start-server.mjs')], {
    cwd: root,
    env: { ...process.env, ...options.env, E2E_PORT: port, E2E_DATABASE: database },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => (out = (out + chunk.toString()).slice(-8000));
  server.stdout.on('data', keep);
  server.stderr.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const db = new pg.Client({ connectionString: databaseUrl(database) });
  const stop = async () => {
    forgetSessions(url);
    await db.end().catch(() => undefined);
    if (server.exitCode === null && server.signalCode === null) {
      const done = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await done;
    }
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  };
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`El servidor propio terminó (${server.exitCode}):\n${out}`);
      if (
        await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline) throw new Error(`El servidor propio no respondió en ${url}:\n${out}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    await db.connect();
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, database, db, output: () => out, stop };
}

type OwnServerFixture<T> = [(args: object, use: (value: T) => Promise<void>) => Promise<void>, { scope: 'worker'; timeout: number }];

/**
 * A worker fixture giving what `prepare` returns once the server answers /api/health (prepare seeds it, or waits
 * for a line of its output). `env` is added to start-server.mjs's (E2E_ADMIN_PASSWORD, …).
 */
export function ownServer<T>(prepare: (server: OwnServer) => Promise<T>, env: NodeJS.ProcessEnv = {}): OwnServerFixture<T> {
  return [
    // Playwright reads a fixture's dependencies from this pattern: none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer({ env });
      try {
        await use(await prepare(server));
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ];
}

/** A POST to an own server's API outside a page (its data set up before the tests), failing on any error status. */
export async function postJson<T = Record<string, unknown>>(baseUrl: string, path: string, body: object, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * An own server's admin signed in, and a published external event of theirs (five days ahead, at the fair's usual
 * place) that the spec's citizens register for: the admin's token and the event.
 */
export async function adminAndPublishedEvent(
  baseUrl: string,
  title: string,
): Promise<{ token: string; event: { id: number; slug: string } }> {
  const { token } = await postJson<{ token: string }>(baseUrl, '/api/login', ADMIN);
  const { event } = await postJson<{ event: { id: number; slug: string } }>(
    baseUrl,
    '/api/eventos-externos',
    {
      title,
      description: 'Encuentro de empresas regiomontanas con buscadores de empleo.',
      event_date: daysAhead(5, 10),
      end_date: daysAhead(5, 16),
      location: 'Parque Fundidora, Monterrey',
      max_attendees: 50,
      status: 'published',
    },
    token,
  );
  return { token, event };
}
