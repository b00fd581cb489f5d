import type { AuditLogResponse } from '../../api/src/shared/contracts/users.contract';
import { ROOMS } from '../../api/src/shared/events/socket-events';
import { eventually, nextPush, TestApp, type TestSocket } from '../setup/test-app';

const PERSONAL = /@|password|email|name/i;

describe('live push over socket.io (rooms checked on the server)', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.login();
  });
  let second: TestApp | undefined;
  afterAll(async () => {
    await t.close();
    await second?.close();
  });

  it('anonymous sockets connect but may only join public rooms', async () => {
    const anon = await t.socket();
    expect(await t.join(anon, ROOMS.users)).toEqual({ ok: false, message: 'No tienes acceso a esta sala.' });
    expect(await t.join(anon, ROOMS.user(1))).toMatchObject({ ok: false });
    expect(await t.join(anon, 'public:nada')).toMatchObject({ ok: false }); // unknown kinds are refused too
  });

  it('a bad token is refused at the handshake', async () => {
    await expect(t.socket('not-a-token')).rejects.toThrow('unauthorized');
  });

  it('staff without super admin cannot join the users room', async () => {
    const staff = await t.createUser(admin, { email: 'staff-rt@aforo.test', permissions: { eventos_externos: ['view'] } });
    const s = await t.socket(staff.token);
    expect((await t.join(s, ROOMS.users)).ok).toBe(false);
    expect((await t.join(s, ROOMS.user(staff.id + 1000))).ok).toBe(false);
  });

  it("another admin's change reaches the users room, with the event id", async () => {
    const watcher = await t.socket(admin);
    expect(await t.join(watcher, ROOMS.users)).toEqual({ ok: true });
    const push = nextPush(watcher, 'user.created');
    const other = await t.createUser(admin, { email: 'otro-admin@aforo.test', is_super_admin: true });
    const msg = await push;
    expect(msg.data.user).toMatchObject({ id: other.id, email: 'otro-admin@aforo.test' });
    expect(msg.event_id).toMatch(/^[0-9a-f-]{36}$/);

    const updated = nextPush(watcher, 'user.updated');
    await t
      .as(admin)
      .put(`/api/users/${other.id}`)
      .send({ name: 'Otro Admin', email: 'otro-admin@aforo.test', is_super_admin: true })
      .expect(200);
    expect((await updated).data.user.name).toBe('Otro Admin');
  });

  it("the actor's own room receives each new audit entry (the dashboard's recent activity)", async () => {
    const me = (await t.as(admin).get('/api/me')).body.data.user;
    const s = await t.socket(admin);
    // Audit jobs are batched: an entry of an earlier test may still arrive first, so pick this one's.
    const entries: AuditLogResponse[] = [];
    s.on('audit.created', (p) => entries.push(p.data.entry));
    const created = await t.createUser(admin, { email: 'actividad@aforo.test' });
    const msg = await eventually(
      () => entries.find((e) => e.resource_id === String(created.id)),
      (found) => found !== undefined,
      3000,
    );
    expect(msg).toMatchObject({ action: 'create', resource_type: 'user' });
    const again = (await t.as(admin).get('/api/me')).body.data.user.audit_logs;
    expect(again[0].id).toBeGreaterThanOrEqual(msg!.id);
    expect(me.id).toBeGreaterThan(0);
  });

  it('a permission change makes the socket leave rooms it may no longer see, and tells the user', async () => {
    const second = await t.createUser(admin, { email: 'degradado@aforo.test', is_super_admin: true });
    const s = await t.socket(second.token);
    expect(await t.join(s, ROOMS.users)).toEqual({ ok: true });
    const changed = nextPush(s, 'me.changed');
    await t
      .as(admin)
      .put(`/api/users/${second.id}`)
      .send({ name: 'Degradado', email: 'degradado@aforo.test', is_super_admin: false, permissions: {} })
      .expect(200);
    await changed;
    // The next users-room push must not reach it.
    let leaked = false;
    s.on('user.created', () => (leaked = true));
    const watcher = await t.socket(admin);
    await t.join(watcher, ROOMS.users);
    const seen = nextPush(watcher, 'user.created');
    await t.createUser(admin, { email: 'despues@aforo.test' });
    await seen;
    await new Promise((r) => setTimeout(r, 200));
    expect(leaked).toBe(false);
    expect((await t.join(s, ROOMS.users)).ok).toBe(false);
  });

  it('logout ends the session on its sockets', async () => {
    const u = await t.createUser(admin, { email: 'salida@aforo.test', is_super_admin: true });
    const s = await t.socket(u.token);
    await t.join(s, ROOMS.users);
    const revoked = nextPush(s, 'session.revoked');
    const disconnected = new Promise((r) => s.once('disconnect', r));
    await t.as(u.token).post('/api/logout').expect(200);
    await revoked;
    await disconnected;
    await expect(t.socket(u.token)).rejects.toThrow('unauthorized');
  });

  it('deleting a user disconnects their sockets', async () => {
    const u = await t.createUser(admin, { email: 'borrado-rt@aforo.test' });
    const s = await t.socket(u.token);
    const disconnected = new Promise((r) => s.once('disconnect', r));
    await t.as(admin).delete(`/api/users/${u.id}`).expect(200);
    await disconnected;
  });

  it('public room names never appear with personal data in payloads sent to anonymous sockets', async () => {
    const anon = await t.socket();
    const received: unknown[] = [];
    anon.onAny((_e, payload) => received.push(payload));
    await t.createUser(admin, { email: 'privado@aforo.test' });
    await t.flushOutbox();
    await new Promise((r) => setTimeout(r, 200));
    expect(received.filter((p) => PERSONAL.test(JSON.stringify(p)))).toEqual([]);
  });

  it('a reconnecting client can rejoin and resync (join is idempotent)', async () => {
    const s: TestSocket = await t.socket(admin);
    expect((await t.join(s, ROOMS.users)).ok).toBe(true);
    s.disconnect();
    s.connect();
    await eventually(() => s.connected);
    expect((await t.join(s, ROOMS.users)).ok).toBe(true);
    const list = await t.as(admin).get('/api/users');
    expect(list.body.users.length).toBeGreaterThan(3);
  });
  it('a change made through one API process reaches sockets connected to another (Redis adapter)', async () => {
    // passport keeps one 'jwt' strategy per Node process, so the second API (in this same test
    // process) serves both until the end: it runs last and closes with the suite.
    second = await TestApp.start({ sameDeploymentAs: t });
    {
      const s = await second.socket(admin);
      expect(await second.join(s, ROOMS.users)).toEqual({ ok: true });
      const push = nextPush(s, 'user.created');
      const created = await t.createUser(admin, { email: 'multi-proceso@aforo.test' });
      expect((await push).data.user.id).toBe(created.id);
      // The workers process reaches the second API's sockets too (audit entries, through the emitter).
      // The creation's own audit entry may still be on its way (audit jobs are batched), so wait for
      // the deletion's.
      const audit = nextPush(s, 'audit.created', undefined, (p) => p.data.entry.action === 'delete');
      await t.as(admin).delete(`/api/users/${created.id}`).expect(200);
      expect((await audit).data.entry.action).toBe('delete');
    }
  });
});
