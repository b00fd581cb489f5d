import { TestApp } from '../setup/test-app';
import { QUEUES } from '../../api/src/shared/jobs/jobs';

/** Bull-board under /api/admin/queues, for super admins only, opened with a short-lived cookie. */
describe('Queue dashboard (bull-board) for super admins', () => {
  let t: TestApp;
  let admin: string;
  let staff: { id: number; token: string };

  beforeAll(async () => {
    t = await TestApp.start({ workers: false });
    admin = await t.login();
    staff = await t.createUser(admin, {
      email: 'staff-colas@aforo.test',
      permissions: { eventos_externos: ['view', 'create', 'edit', 'delete'] },
    });
  });
  afterAll(() => t.close());

  async function openCookie(token: string): Promise<string> {
    const res = await t.as(token).post('/api/admin/queues/session');
    expect(res.status).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^aforo_queues=[\w-]+\.[\w-]+\.[\w-]+; Path=\/api\/admin\/queues; Max-Age=(9\d\d|900); HttpOnly; SameSite=Strict/,
    );
    expect(res.body).toMatchObject({ message: 'Acceso al tablero de colas concedido.', url: '/api/admin/queues' });
    return setCookie.split(';')[0];
  }

  it('anonymous callers and staff without super admin get the normal 401/403 JSON', async () => {
    for (const path of ['/api/admin/queues', '/api/admin/queues/api/queues', '/api/admin/queues/static/x.js']) {
      const anon = await t.http().get(path);
      expect(anon.status).toBe(401);
      expect(anon.body.message).toBe('No autenticado. Inicia sesión para continuar.');
      const forbidden = await t.as(staff.token).get(path);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.message).toBe('No tienes permiso para realizar esta acción.');
    }
    expect((await t.http().post('/api/admin/queues/session')).status).toBe(401);
    expect((await t.as(staff.token).post('/api/admin/queues/session')).status).toBe(403);
  });

  it('a super admin opens it with the cookie: the page and the queues it lists', async () => {
    const cookie = await openCookie(admin);
    const page = await t.http().get('/api/admin/queues').set('Cookie', cookie);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('Aforo · Colas');
    const api = await t.http().get('/api/admin/queues/api/queues').set('Cookie', cookie);
    expect(api.status).toBe(200);
    expect((api.body.queues as Array<{ name: string }>).map((q) => q.name).sort()).toEqual(Object.values(QUEUES).sort());
    // The bearer header works too (scripts, curl).
    expect((await t.as(admin).get('/api/admin/queues/api/queues')).status).toBe(200);
  });

  it('the cookie opens nothing else, and its token is no bearer or socket token', async () => {
    const cookie = await openCookie(admin);
    const token = cookie.split('=')[1];
    expect((await t.http().get('/api/users').set('Cookie', cookie)).status).toBe(401);
    expect((await t.as(token).get('/api/users')).status).toBe(401);
    await expect(t.socket(token)).rejects.toThrow('unauthorized');
    // A normal session token put in the cookie does not open the dashboard (only its own tokens do).
    expect((await t.http().get('/api/admin/queues').set('Cookie', `aforo_queues=${admin}`)).status).toBe(401);
  });

  it("writes need the app's own Origin (no cross-site request through the cookie)", async () => {
    const cookie = await openCookie(admin);
    const foreign = await t
      .http()
      .put('/api/admin/queues/api/queues/audit/pause')
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example');
    expect(foreign.status).toBe(403);
    const noOrigin = await t.http().put('/api/admin/queues/api/queues/audit/pause').set('Cookie', cookie);
    expect(noOrigin.status).toBe(403);
    const own = await t.http().put('/api/admin/queues/api/queues/audit/pause').set('Cookie', cookie).set('Origin', t.url);
    expect(own.status).toBeLessThan(300);
    await t.http().put('/api/admin/queues/api/queues/audit/resume').set('Cookie', cookie).set('Origin', t.url).expect(200);
  });

  it('the cookie follows the session and the rights: logout or losing super admin closes it', async () => {
    const other = await t.createUser(admin, { email: 'otro-super@aforo.test', is_super_admin: true });
    const cookie = await openCookie(other.token);
    expect((await t.http().get('/api/admin/queues/api/queues').set('Cookie', cookie)).status).toBe(200);
    await t
      .as(admin)
      .put(`/api/users/${other.id}`)
      .send({ name: 'Usuario Prueba', email: 'otro-super@aforo.test', is_super_admin: false })
      .expect(200);
    expect((await t.http().get('/api/admin/queues/api/queues').set('Cookie', cookie)).status).toBe(403);

    const mine = await openCookie(admin);
    const second = await t.login();
    const secondCookie = await openCookie(second);
    await t.as(second).post('/api/logout').expect(200);
    expect((await t.http().get('/api/admin/queues').set('Cookie', secondCookie)).status).toBe(401);
    expect((await t.http().get('/api/admin/queues').set('Cookie', mine)).status).toBe(200);
    // Closing the dashboard clears the cookie.
    const closed = await t.as(admin).delete('/api/admin/queues/session');
    expect(String(closed.headers['set-cookie'])).toMatch(/^aforo_queues=; Path=\/api\/admin\/queues; Max-Age=0/);
  });
});
