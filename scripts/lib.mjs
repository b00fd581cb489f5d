// Shared by start.mjs, dev.mjs and the test harness: local PostgreSQL and Redis for a machine
// that has neither configured, and a build that runs only when sources changed.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EmbeddedPostgres, EmbeddedPostgresError } from './embedded-postgres.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DATA_DIR = resolve(process.env.AFORO_DATA_DIR ?? join(ROOT, '.data'));

export const log = (msg) => console.log(`[aforo] ${msg}`);

export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) for (const f of readdirSync(p)) visit(join(p, f));
    else newest = Math.max(newest, st.mtimeMs);
  };
  paths.forEach((p) => visit(join(ROOT, p)));
  return newest;
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} terminó con código ${r.status}`);
}

/** Builds the server and the web app when their sources are newer than the last build. */
export function buildIfNeeded({ force = false } = {}) {
  const serverStamp = join(ROOT, 'dist/.build-stamp');
  const serverSrc = newestMtime(['api/src', 'workers/src', 'tsconfig.json', 'tsconfig.build.json']);
  if (force || !existsSync(serverStamp) || statSync(serverStamp).mtimeMs < serverSrc) {
    log('Compilando API y workers…');
    run('npm', ['run', '--silent', 'build:server']);
    mkdirSync(dirname(serverStamp), { recursive: true });
    writeFileSync(serverStamp, new Date().toISOString());
  }
  const webIndex = join(ROOT, 'web/dist/index.html');
  const webSrc = newestMtime(['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'api/src/shared']);
  if (force || !existsSync(webIndex) || statSync(webIndex).mtimeMs < webSrc) {
    log('Compilando la aplicación web…');
    run('npm', ['run', '--silent', 'build:web']);
  }
}

/** A port nothing listens on now (the machine is shared: a fixed default may be taken). */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

export function portAnswers(port, host = '127.0.0.1', timeoutMs = 500) {
  return new Promise((done) => {
    const socket = net.connect({ port, host });
    const finish = (ok) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

/** True when a Redis server answers PING (or asks for auth) at the URL. */
export function redisAnswers(redisUrl, timeoutMs = 800) {
  const url = new URL(redisUrl);
  return new Promise((done) => {
    const socket = net.connect({ port: Number(url.port || 6379), host: url.hostname });
    const finish = (ok) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (buf) => finish(/^(\+PONG|-NOAUTH)/.test(buf.toString())));
    socket.once('error', () => finish(false));
  });
}

/** True when the embedded PostgreSQL of this checkout answers on `url` (another `npm start` is running). */
async function embeddedAnswers(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The embedded PostgreSQL's superuser. Its password is generated per checkout (embeddedPassword). */
const EMBEDDED_USER = 'aforo';
/** The password every `.data` had before it was generated: an old one is changed at its next start. */
const LEGACY_EMBEDDED_PASSWORD = 'aforo';
export const EMBEDDED_PASSWORD_FILE = () => join(DATA_DIR, 'postgres-password');

/**
 * The embedded superuser's password: read from .data/postgres-password (0600, this account's), or generated
 * and written there first (before initdb or the change of an old one, so it is never lost half-way).
 */
function embeddedPassword() {
  const file = EMBEDDED_PASSWORD_FILE();
  if (existsSync(file)) {
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    const saved = readFileSync(file, 'utf8').trim();
    if (saved) return saved;
  }
  mkdirSync(DATA_DIR, { recursive: true });
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return password;
}

/**
 * Connects as the superuser with the saved password. A `.data` initialised before passwords were generated
 * still has aforo:aforo: then it connects with that one and changes it to the saved one, once.
 */
async function connectAsSuperuser(pgClient, port, password) {
  const connect = async (pw) => {
    const client = new pgClient.Client({ host: '127.0.0.1', port, user: EMBEDDED_USER, password: pw, database: 'postgres' });
    try {
      await client.connect();
      return client;
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
  };
  try {
    return await connect(password);
  } catch (err) {
    if (err?.code !== '28P01') throw err; // invalid_password: maybe the old fixed one
    let client;
    try {
      client = await connect(LEGACY_EMBEDDED_PASSWORD);
    } catch {
      throw new EmbeddedPostgresError(
        `la contraseña guardada en ${EMBEDDED_PASSWORD_FILE()} no es la de su usuario "${EMBEDDED_USER}".`,
        'Qué hacer: restaura ese archivo desde un respaldo, o mueve .data/postgres (se perderán sus datos) para empezar de cero; o define DATABASE_URL.',
      );
    }
    await client.query(`ALTER ROLE ${EMBEDDED_USER} WITH PASSWORD ${client.escapeLiteral(password)}`);
    log(`La contraseña del PostgreSQL embebido era la fija de antes; se cambió por una generada (${EMBEDDED_PASSWORD_FILE()}).`);
    return client;
  }
}

/**
 * Starts (initialising once) the embedded PostgreSQL under .data/postgres; returns its URL and a stop().
 * With `reuseRunning` (one-off commands: seed:demo, migrate), a PostgreSQL already running on that port
 * for this checkout (`npm start` in another terminal) is used as it is, and left running.
 */
export async function startEmbeddedPostgres({ reuseRunning = false } = {}) {
  const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
  const password = embeddedPassword();
  const url = `postgres://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/aforo`;
  if (reuseRunning && (await portAnswers(port)) && (await embeddedAnswers(url))) {
    log(`Usando el PostgreSQL embebido que ya está corriendo en el puerto ${port} (otra instancia de Aforo).`);
    return { url, stop: async () => undefined };
  }
  const pg = new EmbeddedPostgres({ databaseDir: join(DATA_DIR, 'postgres'), user: EMBEDDED_USER, password, port });
  if (!pg.isInitialised()) {
    log(`Inicializando PostgreSQL embebido en ${join(DATA_DIR, 'postgres')}…`);
    mkdirSync(DATA_DIR, { recursive: true });
    await pg.initialise();
    const { dataDir } = await pg.prepare();
    if (dataDir !== join(DATA_DIR, 'postgres')) {
      log(
        `Como root, PostgreSQL corre con el usuario del sistema "postgres", que no puede entrar en esta carpeta: sus datos están en ${dataDir} (.data/postgres apunta ahí).`,
      );
    }
  }
  if (await portAnswers(port)) {
    throw new EmbeddedPostgresError(
      `el puerto ${port} ya está en uso.`,
      'Qué hacer: si hay otra instancia de Aforo corriendo, deténla; o elige otro puerto con EMBEDDED_PG_PORT, o define DATABASE_URL.',
    );
  }
  await pg.start();
  const { default: pgClient } = await import('pg');
  let client;
  try {
    client = await connectAsSuperuser(pgClient, port, password);
    const { rowCount } = await client.query(`SELECT 1 FROM pg_database WHERE datname = 'aforo'`);
    if (!rowCount) await client.query('CREATE DATABASE aforo');
  } catch (err) {
    await pg.stop();
    if (err instanceof EmbeddedPostgresError) throw err;
    throw new EmbeddedPostgresError(`arrancó, pero no se pudo preparar la base "aforo" (${err.message}).`);
  } finally {
    await client?.end().catch(() => undefined);
  }
  return { url, stop: () => pg.stop() };
}

/** Starts a private redis-server under .data/redis (AOF on, so queued jobs survive restarts). */
export async function startPrivateRedis() {
  const which = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const bin = which.stdout.trim();
  if (!bin) return null;
  const port = Number(process.env.PRIVATE_REDIS_PORT ?? 6390);
  const url = `redis://127.0.0.1:${port}`;
  if (await redisAnswers(url)) return { url, stop: async () => undefined };
  const dir = join(DATA_DIR, 'redis');
  mkdirSync(dir, { recursive: true });
  const child = spawn(
    bin,
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', '', '--maxmemory-policy', 'noeviction'],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 50 && !(await redisAnswers(url)); i++) await new Promise((r) => setTimeout(r, 100));
  if (!(await redisAnswers(url))) throw new Error('No se pudo iniciar el redis-server privado.');
  log(`Redis privado iniciado en ${url} (datos en ${dir}).`);
  return { url, stop: async () => child.kill('SIGTERM') };
}

/**
 * Resolves DATABASE_URL and REDIS_URL for a local run; returns the env and the cleanups. `reuseRunning`:
 * see startEmbeddedPostgres (a private Redis already running is always reused).
 */
export async function resolveServices(env = process.env, { reuseRunning = false } = {}) {
  const cleanups = [];
  const out = {};
  if (!env.DATABASE_URL) {
    const pg = await startEmbeddedPostgres({ reuseRunning });
    out.DATABASE_URL = pg.url;
    cleanups.push(pg.stop);
    log('PostgreSQL embebido listo (datos en .data/postgres).');
  }
  const redisUrl = env.REDIS_URL || 'redis://127.0.0.1:6379';
  if (!(await redisAnswers(redisUrl))) {
    if (env.REDIS_URL)
      throw new Error(`Redis no responde en REDIS_URL=${env.REDIS_URL}. Inicia ese servidor o quita la variable para usar uno local.`);
    const own = await startPrivateRedis();
    if (!own) {
      throw new Error(
        'No hay Redis en redis://127.0.0.1:6379 y no se encontró redis-server. Instálalo (Debian/Ubuntu: `sudo apt-get install -y redis-server`; macOS: `brew install redis`) o define REDIS_URL.',
      );
    }
    out.REDIS_URL = own.url;
    cleanups.push(own.stop);
  } else {
    out.REDIS_URL = redisUrl;
  }
  return {
    env: out,
    cleanup: async () => {
      for (const c of cleanups.reverse()) await c().catch(() => undefined);
    },
  };
}

/**
 * Runs a command of the compiled CLI (`migrate`, `seed-demo`) to its end; throws if it fails. Answers the first
 * super admin when `migrate` created it ({ email, generatedPassword }), handed over on a pipe (fd 3) so that the
 * caller prints a generated password once, with the URL, when the app is ready.
 */
export function runCli(command, env) {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/api/src/cli.js'), command], {
    cwd: ROOT,
    env: { ...env, AFORO_CREDENTIALS_FD: '3' },
    stdio: ['inherit', 'inherit', 'inherit', 'pipe'],
  });
  if (r.status !== 0) throw new Error(`El comando ${command} falló (código ${r.status}).`);
  const handed = r.output?.[3]?.toString().trim();
  return { firstAdmin: handed ? JSON.parse(handed) : null };
}

/** How to sign in, for the ready message: a generated first password is in it (and nowhere else). */
export function signInHint(url, firstAdmin) {
  if (!firstAdmin) return `Inicia sesión en ${url}/login con tu cuenta.`;
  if (!firstAdmin.generatedPassword) return `Inicia sesión en ${url}/login con ${firstAdmin.email} y la contraseña de ADMIN_PASSWORD.`;
  return [
    `Inicia sesión en ${url}/login con ${firstAdmin.email} y la contraseña inicial: ${firstAdmin.generatedPassword}`,
    'Se muestra solo esta vez (se guarda únicamente su hash): anótala; al entrar se pide cambiarla.',
  ].join('\n[aforo] ');
}

/** Waits until `path` (/api/health) answers on the port (200 or 503), or `child` exits: true when it answered. */
export async function waitForHealth(port, child, { ok = [200, 503], tries = 300, path = '/api/health' } = {}) {
  for (let i = 0; i < tries; i++) {
    if (child && child.exitCode !== null) return false;
    try {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      if (ok.includes(res.status)) return true;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}
