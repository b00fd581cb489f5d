import { ROOMS } from '../../api/src/shared/events/socket-events';
import { createEspacio, putEspacio } from '../factories/spaces';
import { nextPush, TestApp, signedInApp } from '../setup/test-app';

describe('spaces live: the list reaches every staff member on the screen', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s));

  it('room espacios: whoever may view eventos_internos; nobody else, never anonymous', async () => {
    const viewer = await t.createUser(admin, { email: 've-espacios@aforo.test', permissions: { eventos_internos: ['view'] } });
    const other = await t.createUser(admin, { email: 'externos@aforo.test', permissions: { eventos_externos: ['view'] } });
    expect((await t.join(await t.socket(viewer.token), ROOMS.espacios)).ok).toBe(true);
    expect((await t.join(await t.socket(other.token), ROOMS.espacios)).ok).toBe(false);
    expect((await t.join(await t.socket(), ROOMS.espacios)).ok).toBe(false);
  });

  it('creation, edit, deactivation and activation are pushed with the space as it now is', async () => {
    const viewer = await t.createUser(admin, { email: 've-lista@aforo.test', permissions: { eventos_internos: ['view'] } });
    const screen = await t.socket(viewer.token);
    await t.join(screen, ROOMS.espacios);

    const created = nextPush(screen, 'espacio.changed');
    const e = await createEspacio(t, admin);
    const c = await created;
    expect(c.data.espacio).toEqual(e);
    expect(c.event_id).toEqual(expect.any(String));

    const updated = nextPush(screen, 'espacio.changed');
    await putEspacio(t, admin, e.id, { nombre: 'Salón de Cabildo' }).expect(200);
    expect((await updated).data.espacio).toMatchObject({ id: e.id, nombre: 'Salón de Cabildo', version: '2' });

    const off = nextPush(screen, 'espacio.changed');
    await t.as(admin).delete(`/api/espacios/${e.id}`).expect(200);
    expect((await off).data.espacio).toMatchObject({ id: e.id, is_active: false });

    const on = nextPush(screen, 'espacio.changed');
    await t.as(admin).patch(`/api/espacios/${e.id}/toggle-active`).expect(200);
    expect((await on).data.espacio).toMatchObject({ id: e.id, is_active: true, version: '4' });
  });

  it('a refused edit pushes nothing', async () => {
    const e = await createEspacio(t, admin);
    await t.as(admin).delete(`/api/espacios/${e.id}`).expect(200);
    await t.flushOutbox();
    const screen = await t.socket(admin);
    await t.join(screen, ROOMS.espacios);
    const pushes: unknown[] = [];
    screen.on('espacio.changed', (m) => pushes.push(m));
    await putEspacio(t, admin, e.id).expect(409);
    await t.flushOutbox();
    await new Promise((r) => setTimeout(r, 200));
    expect(pushes).toEqual([]);
  });
});
