import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import { databaseUrl, readHarnessEnv } from '../setup/harness-env';
import { appPerFile, ADMIN, TestApp } from '../setup/test-app';

const ROOT = join(__dirname, '../..');
const PASSWORD_CHANGE_REQUIRED = {
  code: 'PASSWORD_CHANGE_REQUIRED',
  message: 'Debes cambiar tu contraseña antes de continuar: la contraseña inicial solo sirve para elegir una nueva.',
};

/**
 * No fixed first password: without ADMIN_PASSWORD the first start generates one, shows it once
 * with the URL, keeps only its hash, and the first sign-in with it must choose a new one before anything else.
 */
describe('the first super admin without ADMIN_PASSWORD', () => {
  describe('npm run migrate / npm start on an empty database', () => {
    const harness = readHarnessEnv();
    const database = `aforo_t_first_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = async (sql: string) => {
      const client = new Client({ connectionString: harness.adminDatabaseUrl });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    const env = (): NodeJS.ProcessEnv => {
      const e: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl(harness.adminDatabaseUrl, database),
        REDIS_URL: harness.redisUrl,
        JWT_SECRET: 'x'.repeat(40),
        ADMIN_EMAIL: 'jefa@aforo.test',
        PUBLIC_URL: 'https://eventos.monterrey.gob.mx',
        PORT: '3999',
        LOG_LEVEL: 'warn',
      };
      delete e.ADMIN_PASSWORD;
      return e;
    };
    const run = (args: string[]) => spawnSync(process.execPath, args, { cwd: ROOT, env: env(), encoding: 'utf8', timeout: 60_000 });

    beforeAll(() => admin(`CREATE DATABASE ${database} TEMPLATE ${harness.templateDatabase}`));
    afterAll(() => admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));

    it('the compiled CLI (docker compose `migrate`) prints the generated password once, with PUBLIC_URL; only its hash is stored', async () => {
      const first = run([join(ROOT, 'dist/api/src/cli.js'), 'migrate']);
      expect(first.status).toBe(0);
      const shown = /Contraseña inicial \(se muestra solo esta vez; al entrar se pide cambiarla\): (\S+)/.exec(first.stdout);
      expect(shown).not.toBeNull();
      const password = shown![1];
      expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
      expect(first.stdout.split(password)).toHaveLength(2); // once
      expect(first.stdout).toMatch(/Inicia sesión en https:\/\/eventos\.monterrey\.gob\.mx\/login/);
      expect(first.stdout).toMatch(/Super administrador inicial creado: jefa@aforo\.test/);

      // Stored: a bcrypt hash of it, the account marked; the password itself nowhere in the database.
      const client = new Client({ connectionString: env().DATABASE_URL });
      await client.connect();
      try {
        const { rows } = await client.query(`SELECT email, password_hash, must_change_password, to_jsonb(users)::text AS whole FROM users`);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ email: 'jefa@aforo.test', must_change_password: true });
        expect(rows[0].password_hash).toMatch(/^\$2[aby]\$10\$/);
        expect(rows[0].whole).not.toContain(password);
        const dump = await client.query(
          `SELECT count(*)::int AS n FROM (SELECT to_jsonb(e)::text AS t FROM domain_events e UNION ALL SELECT to_jsonb(a)::text FROM audit_logs a) x WHERE t LIKE '%' || $1 || '%'`,
          [password],
        );
        expect(dump.rows[0].n).toBe(0);
      } finally {
        await client.end();
      }

      // The next start creates nothing and shows no password.
      const again = run([join(ROOT, 'dist/api/src/cli.js'), 'migrate']);
      expect(again.status).toBe(0);
      expect(again.stdout).not.toMatch(/Contraseña inicial|Super administrador inicial/);
    }, 90_000);

    it('npm run migrate (scripts/start.mjs) shows it once, in its sign-in line with the URL', async () => {
      await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin(`CREATE DATABASE ${database} TEMPLATE ${harness.templateDatabase}`);
      const out = run([join(ROOT, 'scripts/start.mjs'), '--no-build', '--migrate-only']);
      expect(out.status).toBe(0);
      const shown = /Inicia sesión en http:\/\/localhost:3999\/login con jefa@aforo\.test y la contraseña inicial: (\S+)/.exec(out.stdout);
      expect(shown).not.toBeNull();
      expect(out.stdout.split(shown![1])).toHaveLength(2);
      expect(out.stdout).toMatch(/Se muestra solo esta vez/);
      expect(out.stdout).not.toMatch(/aforo-admin-2026/);
    }, 90_000);
  });

  describe('signing in with it', () => {
    let t: TestApp;
    appPerFile((app) => (t = app), { workers: false, env: { ADMIN_PASSWORD: '' } });

    it('must change it first: other routes answer 403 in Spanish until then; after, everything works', async () => {
      const generated = t.firstAdmin!.generatedPassword!;
      expect(generated).toMatch(/^[A-Za-z0-9_-]{20}$/);

      const login = await t.http().post('/api/login').send({ email: ADMIN.email, password: generated });
      expect(login.status).toBe(200);
      expect(login.body.user).toMatchObject({ email: ADMIN.email, is_super_admin: true, must_change_password: true });
      const token = login.body.token as string;

      // Anything else is refused to that session, with the reason.
      for (const path of ['/api/users', '/api/eventos-externos', '/api/personas', '/api/correos']) {
        const refused = await t.as(token).get(path);
        expect({ path, status: refused.status, body: refused.body }).toEqual({ path, status: 403, body: PASSWORD_CHANGE_REQUIRED });
      }
      const create = await t
        .as(token)
        .post('/api/users')
        .send({ name: 'X', email: 'x@aforo.test', password: 'password-123', password_confirmation: 'password-123', permissions: {} });
      expect(create.status).toBe(403);
      expect(create.body.code).toBe('PASSWORD_CHANGE_REQUIRED');
      // Nor does it open a live socket.
      await expect(t.socket(token)).rejects.toThrow();
      // Who am I answers, and says so.
      const me = await t.as(token).get('/api/me');
      expect(me.status).toBe(200);
      expect(me.body.data.user.must_change_password).toBe(true);

      // The change: the current password proves it, the new one differs and is confirmed.
      const change = (body: object) => t.as(token).post('/api/me/password').send(body);
      const wrong = await change({
        current_password: 'no-es-esta',
        password: 'nueva-clave-2026',
        password_confirmation: 'nueva-clave-2026',
      });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors).toEqual({ current_password: ['La contraseña actual no es correcta.'] });
      const same = await change({ current_password: generated, password: generated, password_confirmation: generated });
      expect(same.status).toBe(422);
      expect(same.body.errors).toEqual({ password: ['La nueva contraseña debe ser distinta de la actual.'] });
      const mismatch = await change({
        current_password: generated,
        password: 'nueva-clave-2026',
        password_confirmation: 'otra-clave-2026',
      });
      expect(mismatch.status).toBe(422);
      expect(mismatch.body.errors.password_confirmation).toEqual(['Las contraseñas no coinciden.']);
      const short = await change({ current_password: generated, password: 'corta', password_confirmation: 'corta' });
      expect(short.status).toBe(422);

      const done = await change({ current_password: generated, password: 'nueva-clave-2026', password_confirmation: 'nueva-clave-2026' });
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ message: 'Contraseña actualizada.', user: { email: ADMIN.email, must_change_password: false } });

      // The same session goes on; the generated password is gone.
      expect((await t.as(token).get('/api/users')).status).toBe(200);
      expect((await t.http().post('/api/login').send({ email: ADMIN.email, password: generated })).status).toBe(401);
      const relogin = await t.http().post('/api/login').send({ email: ADMIN.email, password: 'nueva-clave-2026' });
      expect(relogin.status).toBe(200);
      expect(relogin.body.user.must_change_password).toBe(false);
      const [row] = await t.query<{ must_change_password: boolean }>(`SELECT must_change_password FROM users WHERE email = $1`, [
        ADMIN.email,
      ]);
      expect(row.must_change_password).toBe(false);
    });
  });

  describe('with ADMIN_PASSWORD set', () => {
    let t: TestApp;
    appPerFile((app) => (t = app), { workers: false });

    it('is used as given, with no forced change (Grafana, Jenkins); one may still change one’s own password', async () => {
      expect(t.firstAdmin).toEqual({ email: ADMIN.email, generatedPassword: null });
      const login = await t.http().post('/api/login').send({ email: ADMIN.email, password: ADMIN.password });
      expect(login.body.user.must_change_password).toBe(false);
      const token = login.body.token as string;
      expect((await t.as(token).get('/api/users')).status).toBe(200);

      // A second session of the same account ends when the password changes; the caller's own stays.
      const other = await t.login();
      const done = await t
        .as(token)
        .post('/api/me/password')
        .send({ current_password: ADMIN.password, password: 'otra-clave-2026', password_confirmation: 'otra-clave-2026' });
      expect(done.status).toBe(200);
      expect((await t.as(token).get('/api/users')).status).toBe(200);
      expect((await t.as(other).get('/api/users')).status).toBe(401);
    });
  });
});
