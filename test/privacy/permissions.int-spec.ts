import { ROOMS } from '../../api/src/shared/events/socket-events';
import { SignedLinks } from '../../api/src/core/links/signed-links';
import { TestApp, signedInApp, bearer as auth } from '../setup/test-app';

/**
 * The privacidad area (the authorization matrix covers it like any other area): every staff route of privacy as
 * the action it needs — view reads the queue and a request, edit resolves — for each action alone, for other areas'
 * staff, without a token, and for super admins; the public routes need no token; the room follows view.
 */
describe('privacy permissions: the privacidad area, route by route', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s), { workers: false, env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000' } });
  let n = 0;

  /** A confirmed request (through the real link) to resolve: a refused call leaves it pending. */
  async function pendingRequest(): Promise<number> {
    n++;
    const email = `matriz${n}@correo.mx`;
    await t.http().post('/api/privacidad/solicitudes').send({ tipo: 'acceso', nombre: 'Prueba', email }).expect(202);
    const [{ id }] = await t.query<{ id: number }>(`SELECT id FROM privacidad_solicitudes WHERE email = $1`, [email]);
    const token = t.app.get(SignedLinks).sign('confirm-arco-request', id, new Date(Date.now() + 3_600_000));
    await t.http().post(`/api/privacidad/solicitudes/confirmar/${token}`).expect(200);
    return id;
  }

  async function attempt(token: string) {
    const id = await pendingRequest();
    const h = auth(token);
    return {
      view: [
        (await t.http().get('/api/privacidad/solicitudes').set(h)).status,
        (await t.http().get(`/api/privacidad/solicitudes/${id}`).set(h)).status,
      ],
      edit: [
        (
          await t
            .http()
            .post(`/api/privacidad/solicitudes/${id}/resolver`)
            .set(h)
            .send({ resultado: 'improcedente', respuesta: 'Sin datos.' })
        ).status,
      ],
    };
  }
  const ALLOWED = { view: [200, 200], edit: [200] };
  const REFUSED = { view: [403, 403], edit: [403] };

  it('super admin: everything; without a token: 401', async () => {
    expect(await attempt(admin)).toEqual(ALLOWED);
    const id = await pendingRequest();
    expect((await t.http().get('/api/privacidad/solicitudes')).status).toBe(401);
    expect((await t.http().get(`/api/privacidad/solicitudes/${id}`)).status).toBe(401);
    expect((await t.http().post(`/api/privacidad/solicitudes/${id}/resolver`).send({ resultado: 'procedente' })).status).toBe(401);
  });

  it('staff of every other area, with every action: nothing (403)', async () => {
    const other = await t.createUser(admin, {
      email: 'otras-areas@aforo.test',
      permissions: {
        eventos_externos: ['view', 'create', 'edit', 'delete'],
        eventos_internos: ['view', 'create', 'edit', 'delete'],
        programas_servicios: ['view', 'create', 'edit', 'delete'],
        personas: ['view', 'create', 'edit', 'delete'],
      },
    });
    expect(await attempt(other.token)).toEqual(REFUSED);
  });

  it('privacidad only: each action exactly when the list includes it (create and delete open nothing)', async () => {
    for (const action of ['view', 'create', 'edit', 'delete'] as const) {
      const u = await t.createUser(admin, { email: `privacidad-${action}@aforo.test`, permissions: { privacidad: [action] } });
      const result = await attempt(u.token);
      expect([action, result.view]).toEqual([action, action === 'view' ? ALLOWED.view : REFUSED.view]);
      expect([action, result.edit]).toEqual([action, action === 'edit' ? ALLOWED.edit : REFUSED.edit]);
    }
  });

  it('the public routes need no token; the room privacidad needs privacidad view', async () => {
    expect((await t.http().get('/api/privacidad/info')).body).toEqual({ plazo_dias_habiles: 20 });
    expect(
      (await t.http().post('/api/privacidad/solicitudes').send({ tipo: 'oposicion', nombre: 'X', email: 'pub@correo.mx' })).status,
    ).toBe(202);
    for (const path of ['solicitudes/confirmar', 'exportacion', 'baja']) {
      expect((await t.http().get(`/api/privacidad/${path}/1.1.${'A'.repeat(43)}`)).status).toBe(404);
    }
    const anon = await t.socket();
    expect((await t.join(anon, ROOMS.privacidad)).ok).toBe(false);
    const editor = await t.createUser(admin, { email: 'solo-editar-privacidad@aforo.test', permissions: { privacidad: ['edit'] } });
    expect((await t.join(await t.socket(editor.token), ROOMS.privacidad)).ok).toBe(false);
    const viewer = await t.createUser(admin, { email: 'ver-privacidad@aforo.test', permissions: { privacidad: ['view'] } });
    expect((await t.join(await t.socket(viewer.token), ROOMS.privacidad)).ok).toBe(true);
    expect((await t.join(await t.socket(admin), ROOMS.privacidad)).ok).toBe(true);
  });
});
