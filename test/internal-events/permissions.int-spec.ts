import { assignPersonas, createInternalEvent, insertPersonas, internalEventBody } from '../factories/internal-events';
import { TestApp, bearer as auth } from '../setup/test-app';

describe('internal events: permissions (area eventos_internos, checked per route on the server)', () => {
  let t: TestApp;
  let admin: string;
  let eventId: number;
  let personaId: number;

  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.login();
    const e = await createInternalEvent(t, admin, { estado: 'borrador' });
    eventId = e.id;
    [personaId] = await insertPersonas(t, 2, 'PERMISO');
    await assignPersonas(t, admin, eventId, [personaId]);
  });
  afterAll(() => t.close());

  const calls = () => ({
    list: t.http().get('/api/eventos-internos'),
    detail: t.http().get(`/api/eventos-internos/${eventId}`),
    asistentes: t.http().get(`/api/eventos-internos/${eventId}/asistentes`),
    sectores: t.http().get('/api/sectores'),
    empresas: t.http().get('/api/empresas'),
  });

  it('anonymous: 401 everywhere but the public routes', async () => {
    for (const req of Object.values(calls())) expect((await req).status).toBe(401);
    expect((await t.http().post('/api/eventos-internos').send(internalEventBody())).status).toBe(401);
  });

  it('without the area: 403, even to read', async () => {
    const other = await t.createUser(admin, { email: 'externos@aforo.test', permissions: { eventos_externos: ['view'] } });
    for (const req of Object.values(calls())) expect((await req.set(auth(other.token))).status).toBe(403);
  });

  it('view: reads everything, changes nothing', async () => {
    const viewer = await t.createUser(admin, { email: 'ver@aforo.test', permissions: { eventos_internos: ['view'] } });
    for (const req of Object.values(calls())) expect((await req.set(auth(viewer.token))).status).toBe(200);
    const h = auth(viewer.token);
    expect((await t.http().post('/api/eventos-internos').set(h).send(internalEventBody())).status).toBe(403);
    expect((await t.http().put(`/api/eventos-internos/${eventId}`).set(h).send(internalEventBody())).status).toBe(403);
    expect((await t.http().delete(`/api/eventos-internos/${eventId}`).set(h)).status).toBe(403);
    expect(
      (
        await t
          .http()
          .post(`/api/eventos-internos/${eventId}/asistentes`)
          .set(h)
          .send({ persona_ids: [personaId] })
      ).status,
    ).toBe(403);
    expect(
      (await t.http().put(`/api/eventos-internos/${eventId}/asistentes/${personaId}`).set(h).send({ confirmacion: 'confirmado' })).status,
    ).toBe(403);
    expect((await t.http().delete(`/api/eventos-internos/${eventId}/asistentes/${personaId}`).set(h)).status).toBe(403);
    expect((await t.http().get(`/api/eventos-internos/${eventId}/available-personas`).set(h)).status).toBe(403);
    expect(
      (await t.http().post(`/api/eventos-internos/${eventId}/auto-assign-seat`).set(h).send({ persona_id: personaId, seccion_id: 1 }))
        .status,
    ).toBe(403);
    expect((await t.http().post(`/api/eventos-internos/${eventId}/assign-espacio`).set(h).send({ espacio_id: null })).status).toBe(403);
  });

  it('create without edit: creates, cannot edit or assign; edit without delete: cannot delete', async () => {
    const creator = await t.createUser(admin, { email: 'crear@aforo.test', permissions: { eventos_internos: ['view', 'create'] } });
    expect((await t.as(creator.token).post('/api/eventos-internos').send(internalEventBody())).status).toBe(201);
    expect((await t.as(creator.token).put(`/api/eventos-internos/${eventId}`).send(internalEventBody())).status).toBe(403);
    const editor = await t.createUser(admin, { email: 'editar@aforo.test', permissions: { eventos_internos: { view: true, edit: true } } });
    const [p2] = await insertPersonas(t, 1, 'EDITOR');
    expect(
      (
        await t
          .as(editor.token)
          .post(`/api/eventos-internos/${eventId}/asistentes`)
          .send({ persona_ids: [p2] })
      ).status,
    ).toBe(201);
    expect((await t.as(editor.token).get(`/api/eventos-internos/${eventId}/available-personas`)).status).toBe(200);
    expect((await t.as(editor.token).delete(`/api/eventos-internos/${eventId}`)).status).toBe(403);
    const deleter = await t.createUser(admin, { email: 'borrar@aforo.test', permissions: { eventos_internos: ['view', 'delete'] } });
    expect((await t.as(deleter.token).delete(`/api/eventos-internos/${eventId}`)).status).toBe(200);
  });

  it('ids are checked: an unknown event is 404, a bad id 422', async () => {
    expect((await t.as(admin).get('/api/eventos-internos/999999')).status).toBe(404);
    expect((await t.as(admin).get('/api/eventos-internos/999999/asistentes')).status).toBe(404);
    expect((await t.as(admin).get('/api/eventos-internos/abc')).status).toBe(422);
    const e = await createInternalEvent(t, admin);
    expect((await t.as(admin).delete(`/api/eventos-internos/${e.id}/asistentes/${personaId}`)).status).toBe(404);
  });
});
