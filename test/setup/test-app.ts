import type { INestApplication, INestApplicationContext, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { DestinationStream } from 'pino';
import { Client } from 'pg';
import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../api/src/app.factory';
import { loadConfig } from '../../api/src/core/config/app-config';
import { AREA_SETTINGS, type FullConfig } from '../../api/src/modules';
import { ensureFirstAdmin, type FirstAdmin } from '../../api/src/modules/seeds';
import type { ClientToServerEvents, JoinAck, ServerToClientEvents } from '../../api/src/shared/events/socket-events';
import { OutboxRelay } from '../../api/src/core/outbox/outbox-relay.service';
import { RealtimePublisher } from '../../api/src/core/realtime/realtime-publisher';
import { WorkersModule } from '../../workers/src/workers.module';
import { bearer } from './bearer';
import { OpenApiContract } from './openapi-contract';
import { databaseUrl, readHarnessEnv } from './harness-env';
import { stopProcess } from './processes';

export { bearer };

export const ADMIN = { email: 'admin@aforo.test', password: 'admin-password-1' };

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface TestAppOptions {
  /** Route Redis through another URL (a cuttable proxy, for instance). */
  redisUrl?: string;
  env?: Record<string, string>;
  /** Start the workers process in-process too (default true). */
  workers?: boolean;
  /** A second API process of the same deployment: same database, same Redis prefix and secret. */
  sameDeploymentAs?: TestApp;
  /** Extra Nest modules mounted in the API (test-only routes). */
  extraModules?: Type[];
  /** Where the API's log lines go (default stdout); set LOG_LEVEL in `env` to get them. */
  logDestination?: DestinationStream;
}

/**
 * One Aforo (API + workers) on its own fresh database, cloned from the migrated template,
 * and its own Redis key prefix — real PostgreSQL, real Redis, real HTTP and socket.io.
 */
export class TestApp {
  app!: NestExpressApplication;
  workers: INestApplicationContext | null = null;
  config!: FullConfig;
  url!: string;
  db!: DataSource;
  /** The first super admin as this app's start created it (its generated password when ADMIN_PASSWORD is ''). */
  firstAdmin: FirstAdmin | null = null;
  /** Workers processes started by spawnWorkersProcess (killed on close). */
  private readonly children: ChildProcess[] = [];
  private database!: string;
  private ownsDatabase = true;
  private sockets: TestSocket[] = [];
  private contract: OpenApiContract | null = null;

  static async start(options: TestAppOptions = {}): Promise<TestApp> {
    const t = new TestApp();
    await t.boot(options);
    return t;
  }

  private async boot(options: TestAppOptions): Promise<void> {
    const harness = readHarnessEnv();
    if (options.sameDeploymentAs) {
      this.ownsDatabase = false;
      this.config = options.sameDeploymentAs.config;
      this.app = await createApp(this.config);
      await this.app.listen(0, '127.0.0.1');
      this.url = (await this.app.getUrl()).replace('[::1]', '127.0.0.1');
      this.db = this.app.get(DataSource);
      return;
    }
    this.database = `aforo_t_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(harness.adminDatabaseUrl, `CREATE DATABASE ${this.database} TEMPLATE ${harness.templateDatabase}`);
    this.config = loadConfig(
      {
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl(harness.adminDatabaseUrl, this.database),
        REDIS_URL: options.redisUrl ?? harness.redisUrl,
        REDIS_PREFIX: `t${randomBytes(5).toString('hex')}`,
        JWT_SECRET: randomBytes(32).toString('hex'),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        WEB_DIST_DIR: '/nonexistent',
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
        // Tests send at the workers' pace; test/mail/mail-pace.int-spec.ts tests the setting itself.
        MAIL_PER_MINUTE: '0',
        ...options.env,
      },
      AREA_SETTINGS,
    );
    this.app = await createApp(this.config, { extraModules: options.extraModules, logDestination: options.logDestination });
    await this.app.listen(0, '127.0.0.1');
    this.url = await this.app.getUrl();
    this.url = this.url.replace('[::1]', '127.0.0.1');
    this.db = this.app.get(DataSource);
    this.firstAdmin = await ensureFirstAdmin(this.db, this.config);
    if (options.workers !== false) await this.startWorkers();
  }

  async startWorkers(): Promise<void> {
    this.workers = await NestFactory.createApplicationContext(WorkersModule.forRoot(this.config), {
      logger: process.env.TEST_LOG_LEVEL ? undefined : false,
    });
    await this.workers.init();
  }

  async stopWorkers(): Promise<void> {
    await this.workers?.close();
    this.workers = null;
  }

  /**
   * The real workers process (compiled by the global setup) on this app's database and Redis prefix, as a
   * child process: it can be killed like a crash would (SIGKILL: no shutdown hook runs).
   */
  spawnWorkersProcess(env: Record<string, string> = {}): ChildProcess {
    const c = this.config;
    const child = spawn(process.execPath, [join(__dirname, '../../dist/workers/src/main.js')], {
      cwd: join(__dirname, '../..'),
      stdio: 'ignore',
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: c.databaseUrl,
        REDIS_URL: c.redisUrl,
        REDIS_PREFIX: c.redisPrefix,
        JWT_SECRET: c.jwtSecret,
        ...(c.jwtSecretPrevious ? { JWT_SECRET_PREVIOUS: c.jwtSecretPrevious } : {}),
        JOB_LOCK_MS: String(c.jobLockMs),
        LOG_LEVEL: 'silent',
        ...(c.smtpUrl ? { SMTP_URL: c.smtpUrl } : {}),
        MAIL_FROM: c.mailFrom,
        MAIL_SEND_TIMEOUT_MS: String(c.mailSendTimeoutMs),
        MAIL_SEND_ATTEMPTS: String(c.mailSendAttempts),
        MAIL_RETRY_DELAY_MS: String(c.mailRetryDelayMs),
        MAIL_PER_MINUTE: String(c.mailPerMinute),
        PUBLIC_URL: c.publicUrl,
        MUNICIPIO: c.municipio,
        ...env,
      },
    });
    this.children.push(child);
    return child;
  }

  /** Kills a workers process as a crash would (SIGKILL: no shutdown hook runs) and waits until it is gone. */
  killWorkersProcess(child: ChildProcess): Promise<void> {
    return stopProcess(child, 'SIGKILL');
  }

  /**
   * Requests to this app. Every answer is checked against the OpenAPI document the app serves
   * (`openapi-contract.ts`): an undocumented status or a JSON body that does not match its documented
   * schema fails the request, and so the test, with the operation, the status and ajv's errors.
   */
  http(): ReturnType<typeof request> {
    const agent = request(this.url);
    this.contract ??= new OpenApiContract(this.url);
    const contract = this.contract;
    const watched = {} as Record<string, unknown>;
    for (const method of ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const) {
      watched[method] = (url: string) => contract.watch(agent[method](url));
    }
    return Object.assign(Object.create(agent) as object, watched) as unknown as ReturnType<typeof request>;
  }

  /** Requests as the holder of a token, its bearer header already set: `t.as(admin).post('/api/users').send(body)`. */
  as(token: string) {
    const http = this.http();
    return {
      get: (url: string) => http.get(url).set(bearer(token)),
      post: (url: string) => http.post(url).set(bearer(token)),
      put: (url: string) => http.put(url).set(bearer(token)),
      patch: (url: string) => http.patch(url).set(bearer(token)),
      delete: (url: string) => http.delete(url).set(bearer(token)),
    };
  }

  /**
   * Creates something through the API as the token's holder (a POST that must answer 201) and returns the
   * answer's body; any other answer fails the test with it.
   */
  async created(token: string, path: string, body: object): Promise<Record<string, unknown>> {
    const res = await this.as(token).post(path).send(body);
    if (res.status !== 201) throw new Error(`POST ${path} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Record<string, unknown>;
  }

  async login(email = ADMIN.email, password = ADMIN.password): Promise<string> {
    const res = await this.http().post('/api/login').send({ email, password });
    if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token as string;
  }

  /** Creates a user through the API as the admin and returns its id and a token for it. */
  async createUser(
    adminToken: string,
    fields: { name?: string; email: string; permissions?: Record<string, unknown>; is_super_admin?: boolean; password?: string },
  ): Promise<{ id: number; token: string }> {
    const password = fields.password ?? 'password-123';
    const { user } = await this.created(adminToken, '/api/users', {
      name: fields.name ?? 'Usuario Prueba',
      email: fields.email,
      password,
      password_confirmation: password,
      permissions: fields.permissions ?? {},
      is_super_admin: fields.is_super_admin ?? false,
    });
    return { id: (user as { id: number }).id, token: await this.login(fields.email, password) };
  }

  /** A socket.io client; resolves once connected (or rejects with the connect error). */
  async socket(token?: string): Promise<TestSocket> {
    const socket: TestSocket = io(this.url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: token ? { token } : {},
      reconnection: false,
      forceNew: true,
    });
    this.sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (err) => reject(err));
    });
    return socket;
  }

  join(socket: TestSocket, room: string): Promise<JoinAck> {
    return new Promise((resolve) => socket.emit('room:join', room, resolve));
  }

  /** A socket (signed in with `token`, anonymous without) that has asked to join `room`. */
  async socketIn(room: string, token?: string): Promise<TestSocket> {
    const socket = await this.socket(token);
    await this.join(socket, room);
    return socket;
  }

  /** Everything committed so far is published, and its pushes are sent (none waits for its room's window). */
  async flushOutbox(): Promise<void> {
    await this.app.get(OutboxRelay).flush();
    this.app.get(RealtimePublisher).flushWaiting();
  }

  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.db.query(sql, params);
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.disconnect();
    await Promise.all(this.children.map((child) => this.killWorkersProcess(child)));
    await this.stopWorkers();
    await this.app?.close();
    if (!this.ownsDatabase) return;
    const harness = readHarnessEnv();
    await adminQuery(harness.adminDatabaseUrl, `DROP DATABASE IF EXISTS ${this.database} WITH (FORCE)`).catch(() => undefined);
  }
}

/** One statement on the maintenance database (create or drop a test database), tried again while the template is busy. */
export async function adminQuery(url: string, sql: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
      return;
    } catch (err) {
      // Two files cloning the template at the same instant: try again shortly.
      if (attempt < 10 && /being accessed by other users/.test((err as Error).message)) {
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
        continue;
      }
      throw err;
    } finally {
      await client.end();
    }
  }
}

/**
 * A test file's (or describe block's) own app on a fresh database, started before its tests and closed
 * after them; `use` receives it, e.g. `appPerFile((app) => (t = app), { workers: false })`. Its start and close
 * have the two minutes every hook has (test/setup/hook-timeouts.ts).
 */
export function appPerFile(use: (t: TestApp) => unknown, options?: TestAppOptions): void {
  let starting: Promise<TestApp> | undefined;
  beforeAll(async () => {
    starting = TestApp.start(options);
    await use(await starting);
  });
  // A start slower than its hook's timeout still finishes: that app is closed too. Left running, its workers and relays
  // kept a loaded Jest worker busy and slowed (or timed out) every later file it ran.
  afterAll(async () => {
    const app = await starting?.catch(() => undefined);
    await app?.close();
  });
}

/**
 * The usual test file: its own app (a fresh database) started before its tests with the super admin signed
 * in, closed after them. `use` receives both, e.g. `signedInApp((s) => ({ t, admin } = s))`.
 */
export function signedInApp(use: (started: { t: TestApp; admin: string }) => void, options?: TestAppOptions): void {
  appPerFile(async (app) => use({ t: app, admin: await app.login() }), options);
}

/** Asserts which rooms `socket` may join (`allowed`) and which it is refused (`refused`); a failure names each room. */
export async function expectRooms(
  t: TestApp,
  socket: TestSocket,
  rooms: { allowed?: readonly string[]; refused?: readonly string[] },
): Promise<void> {
  const expected = Object.fromEntries([...(rooms.allowed ?? []).map((r) => [r, true]), ...(rooms.refused ?? []).map((r) => [r, false])]);
  const answered: Record<string, boolean> = {};
  for (const room of Object.keys(expected)) answered[room] = (await t.join(socket, room)).ok;
  expect(answered).toEqual(expected);
}

/**
 * How long a test waits for an asynchronous effect (a push, a job) before calling it missing: the suite's
 * patience, not a speed requirement (tests assert that a change arrives; latency belongs to bench/).
 */
export const ARRIVAL_TIMEOUT_MS = 20_000;

/** Polls a condition (for asynchronous effects: jobs, pushes) until it holds or times out. */
export async function eventually<T>(
  probe: () => Promise<T> | T,
  check: (v: T) => boolean = Boolean,
  timeoutMs = ARRIVAL_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T;
  do {
    last = await probe();
    if (check(last)) return last;
    await new Promise((r) => setTimeout(r, 25));
  } while (Date.now() < deadline);
  throw new Error(`Condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(last)}`);
}

/** Resolves with the next push of that event on the socket (the next one `where` accepts, if given). */
export function nextPush<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
  timeoutMs = ARRIVAL_TIMEOUT_MS,
  where: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const listener = ((payload: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!where(payload)) return;
      clearTimeout(timer);
      socket.off(event as never, listener as never);
      resolve(payload);
    }) as never;
    const timer = setTimeout(() => {
      socket.off(event as never, listener);
      reject(new Error(`No ${event} push within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on(event as never, listener);
  });
}

export type { INestApplication };
