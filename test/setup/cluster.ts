import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { io } from 'socket.io-client';
import request from 'supertest';
import { eventBody } from '../factories/external-events';
import { databaseUrl, readHarnessEnv } from './harness-env';
import { freePort, stopProcess } from './processes';
import { bearer } from './bearer';
import { ADMIN, eventually, type TestSocket } from './test-app';

export { freePort };

const ROOT = join(__dirname, '../..');

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

interface BootOptions {
  /** Another Redis entirely. */
  redisUrl?: string;
  /** How long to wait for «Clúster listo» (default 2 min). */
  readyWithinMs?: number;
}

export interface Replica {
  name: string;
  port: number;
  pid: number;
}

/**
 * `npm run start:cluster` (scripts/cluster.mjs) as a test holds it: real api, realtime and workers processes
 * behind the system's HAProxy, on a database of its own cloned from the migrated template and a Redis prefix
 * of its own (or another Redis entirely: `redisUrl`).
 */
export class TestCluster {
  proxyUrl = '';
  output = '';
  readonly replicas = new Map<string, Replica>();
  /** Each workers process's GET /metrics (it has no other HTTP), by name. */
  readonly workersMetrics = new Map<string, string>();
  private child!: ChildProcess;
  private database = '';
  private dbUrl = '';
  private dataDir = '';
  private readonly sockets: TestSocket[] = [];

  /** The first super admin's token, once `forTests` signed in. */
  admin = '';
  private started = false;

  static async start(sizes: { api: number; realtime: number; workers: number }, options: BootOptions = {}) {
    const c = new TestCluster();
    await c.boot(sizes, options);
    return c;
  }

  /**
   * For a describe block: a cluster of these sizes started before its tests, with `admin` signed in, and stopped
   * after them. The instance is returned at once, for the block's tests to use.
   */
  static forTests(sizes: { api: number; realtime: number; workers: number }): TestCluster {
    const c = new TestCluster();
    beforeAll(async () => {
      await c.boot(sizes, {});
      c.started = true;
      c.admin = await c.login();
    }, 180_000);
    afterAll(() => (c.started ? c.stop() : undefined));
    return c;
  }

  /**
   * Starts the cluster; when that fails part-way (the database made, the script started, some replicas up, then
   * an exit or the wait running out), what was started is stopped and removed before the error is thrown: the
   * caller has no instance to stop, and a describe block's afterAll only stops a cluster that started.
   */
  private async boot(sizes: { api: number; realtime: number; workers: number }, options: BootOptions) {
    try {
      await this.launch(sizes, options);
    } catch (err) {
      await this.stop().catch((cleanup: unknown) =>
        console.warn(`the cluster that failed to start was not cleaned up: ${String(cleanup)}`),
      );
      throw err;
    }
  }

  private async launch(sizes: { api: number; realtime: number; workers: number }, options: BootOptions) {
    const harness = readHarnessEnv();
    this.database = `aforo_cluster_${process.pid}_${randomBytes(3).toString('hex')}`;
    await adminQuery(harness.adminDatabaseUrl, `CREATE DATABASE ${this.database} TEMPLATE ${harness.templateDatabase}`);
    this.dbUrl = databaseUrl(harness.adminDatabaseUrl, this.database);
    this.dataDir = mkdtempSync(join(tmpdir(), 'aforo-cluster-'));
    const port = await freePort();
    this.proxyUrl = `http://127.0.0.1:${port}`;
    const args = ['--no-build', '--api', String(sizes.api), '--realtime', String(sizes.realtime), '--workers', String(sizes.workers)];
    this.child = spawn(process.execPath, [join(ROOT, 'scripts/cluster.mjs'), ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: port,
        // No HOST: the replicas must bind to loopback because the cluster script says so, not because the
        // environment happened to; HAProxy, the front door, binds to every interface.
        HOST: '',
        DATABASE_URL: this.dbUrl,
        REDIS_URL: options.redisUrl ?? harness.redisUrl,
        REDIS_PREFIX: `cl${randomBytes(4).toString('hex')}`,
        JWT_SECRET: randomBytes(32).toString('hex'),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        AFORO_DATA_DIR: this.dataDir,
        WEB_DIST_DIR: '/nonexistent',
        LOG_LEVEL: 'warn',
        PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000',
        PUBLIC_READ_LIMIT_PER_MINUTE: '100000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const read = (b: Buffer) => {
      this.output += b.toString();
      for (const m of this.output.matchAll(/\[aforo\] (\w+?\d+) iniciado en 127\.0\.0\.1:(\d+) \(pid (\d+)\)/g)) {
        this.replicas.set(m[1], { name: m[1], port: Number(m[2]), pid: Number(m[3]) });
      }
      for (const m of this.output.matchAll(/\[aforo\] (workers\d+) iniciado \(pid \d+; métricas en (127\.0\.0\.1:\d+)\/metrics\)/g)) {
        this.workersMetrics.set(m[1], `http://${m[2]}`);
      }
    };
    this.child.stdout!.on('data', read);
    this.child.stderr!.on('data', read);
    const readyWithin = options.readyWithinMs ?? 120_000;
    await eventually(
      () => {
        if (this.child.exitCode !== null) throw new Error(`el clúster terminó:\n${this.output}`);
        return this.output.includes('Clúster listo');
      },
      Boolean,
      readyWithin,
    ).catch((err: Error) => {
      throw /^Condition not met/.test(err.message) ? new Error(`el clúster no estuvo listo en ${readyWithin} ms:\n${this.output}`) : err;
    });
  }

  /** The first super admin's token, signed in through the proxy. */
  async login(): Promise<string> {
    const res = await request(this.proxyUrl).post('/api/login').send(ADMIN);
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token as string;
  }

  /** A published external event with room for `places` (and any other field of the body), made through the proxy. */
  async publishedEvent(token: string, places: number, overrides: Record<string, unknown> = {}): Promise<{ id: number; slug: string }> {
    const res = await request(this.proxyUrl)
      .post('/api/eventos-externos')
      .set(bearer(token))
      .send(eventBody({ max_attendees: places, ...overrides }));
    if (res.status !== 201) throw new Error(`event not created: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.event as { id: number; slug: string };
  }

  /** The URL of one replica, bypassing the proxy. */
  direct(name: string): string {
    return `http://127.0.0.1:${this.replicas.get(name)!.port}`;
  }

  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const client = new Client({ connectionString: this.dbUrl });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  /** A socket.io client (websocket, as the web app); with `reconnection`, it comes back as the web app's does. */
  socket(url: string, token?: string, reconnection = false): Promise<TestSocket> {
    const s: TestSocket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: token ? { token } : {},
      reconnection,
      reconnectionDelay: 200,
      reconnectionDelayMax: 1000,
      forceNew: true,
    });
    this.sockets.push(s);
    return new Promise((resolve, reject) => {
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
  }

  joinRoom(s: TestSocket, room: string): Promise<unknown> {
    return new Promise((resolve) => s.emit('room:join', room, resolve));
  }

  /** Kills a replica as a crash would (SIGKILL); the cluster starts it again a second later on the same port. */
  async crash(name: string): Promise<void> {
    process.kill(this.replicas.get(name)!.pid, 'SIGKILL');
    await eventually(() => this.output.includes(`${name} terminó (SIGKILL)`));
  }

  /** Stops whatever was started (all of it, or what a failed start got to): the script and its processes, the data. */
  async stop(): Promise<void> {
    for (const s of this.sockets) s.disconnect();
    await stopProcess(this.child, 'SIGTERM');
    if (/no terminó en/.test(this.output))
      console.warn(
        this.output
          .split('\n')
          .filter((l) => l.startsWith('[aforo]'))
          .join('\n'),
      );
    if (this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
    if (this.database) {
      await adminQuery(readHarnessEnv().adminDatabaseUrl, `DROP DATABASE IF EXISTS ${this.database} WITH (FORCE)`).catch(() => undefined);
    }
  }
}
