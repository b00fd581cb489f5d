import { ROOMS } from '../../api/src/shared/events/socket-events';
import {
  applicationBody,
  businessApplicationBody,
  createPrograma,
  programaBody,
  putPrograma,
  registerForProgram,
} from '../factories/programs';
import { ARRIVAL_TIMEOUT_MS, bearer as auth, expectRooms, nextPush, signedInApp, TestApp, type TestSocket } from '../setup/test-app';

const PERSONAL = /correo|celular|apellido|calle|colonia|rfc|@|MARÍA|TREVIÑO|812\d{7}|nombre/i;

describe('programs permissions (spec 3 §6): each action by programas_servicios OR eventos_externos, or super admin', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s), { env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000' } });

  /** Every staff route, as the action it needs; each call gets fresh records so a refused one changes nothing visible. */
  async function attempt(token: string) {
    const p = await createPrograma(t, admin);
    const draft = await createPrograma(t, admin, { status: 'draft' });
    const reg = (await registerForProgram(t, p.slug, applicationBody(Math.floor(Math.random() * 1e6)))).body.registration.id as number;
    const h = auth(token);
    return {
      view: [
        (await t.http().get('/api/programas-servicios').set(h)).status,
        (await t.http().get(`/api/programas-servicios/${p.id}/registrations`).set(h)).status,
        (await t.http().get(`/api/programas-servicios/${p.id}/registrations/export`).set(h)).status,
      ],
      create: [(await t.http().post('/api/programas-servicios').set(h).send(programaBody())).status],
      edit: [
        (await t.http().put(`/api/programas-servicios/${p.id}`).set(h).send(programaBody())).status,
        (await t.http().put(`/api/programas-servicios/${p.id}`).set(h).send({ es_destacado: true })).status,
        (await t.http().put(`/api/programas-servicios/${p.id}/registrations/${reg}/status`).set(h).send({ status: 'confirmado' })).status,
      ],
      delete: [(await t.http().delete(`/api/programas-servicios/${draft.id}`).set(h)).status],
    };
  }

  const ALLOWED = { view: [200, 200, 200], create: [201], edit: [200, 200, 200], delete: [200] };
  const REFUSED = { view: [403, 403, 403], create: [403], edit: [403, 403, 403], delete: [403] };

  it('super admin: everything', async () => {
    expect(await attempt(admin)).toEqual(ALLOWED);
  });

  it('no permission at all: nothing (403); without a token: 401', async () => {
    const none = await t.createUser(admin, {
      email: 'sin-permisos@aforo.test',
      permissions: { personas: ['view'], eventos_internos: ['view'] },
    });
    expect(await attempt(none.token)).toEqual(REFUSED);
    expect((await t.http().get('/api/programas-servicios')).status).toBe(401);
  });

  for (const area of ['programas_servicios', 'eventos_externos'] as const) {
    it(`${area} only: each action exactly when the list includes it`, async () => {
      for (const action of ['view', 'create', 'edit', 'delete'] as const) {
        const u = await t.createUser(admin, { email: `${area}-${action}@aforo.test`, permissions: { [area]: [action] } });
        const result = await attempt(u.token);
        for (const a of ['view', 'create', 'edit', 'delete'] as const) {
          expect([a, result[a]]).toEqual([a, a === action ? ALLOWED[a] : REFUSED[a]]);
        }
      }
    });
  }

  it('actions combine across the two areas (view in one, edit in the other)', async () => {
    const u = await t.createUser(admin, {
      email: 'mixto@aforo.test',
      permissions: { programas_servicios: ['view'], eventos_externos: ['edit'] },
    });
    expect(await attempt(u.token)).toEqual({ ...REFUSED, view: ALLOWED.view, edit: ALLOWED.edit });
  });

  it('rooms: staff rooms need view in either area; the public room only for published programs', async () => {
    const p = await createPrograma(t, admin);
    const draft = await createPrograma(t, admin, { status: 'draft' });
    const anon = await t.socket();
    await expectRooms(t, anon, {
      allowed: [ROOMS.publicProgram(p.id)],
      refused: [ROOMS.publicProgram(draft.id), ROOMS.programs, ROOMS.program(p.id)],
    });
    const creator = await t.createUser(admin, { email: 'solo-crear@aforo.test', permissions: { programas_servicios: ['create'] } });
    const c = await t.socket(creator.token);
    await expectRooms(t, c, { refused: [ROOMS.programs, ROOMS.program(p.id)] });
    for (const area of ['programas_servicios', 'eventos_externos']) {
      const viewer = await t.createUser(admin, { email: `ver-sala-${area}@aforo.test`, permissions: { [area]: ['view'] } });
      const v = await t.socket(viewer.token);
      await expectRooms(t, v, { allowed: [ROOMS.programs, ROOMS.program(p.id)], refused: [ROOMS.program(999999)] });
    }
  });
});

describe('programs live: staff table and registrations, public places (counts only)', () => {
  let t: TestApp;
  let admin: string;
  const collect = (socket: TestSocket) => {
    const seen: Array<{ event: string; payload: unknown }> = [];
    socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
    return seen;
  };

  signedInApp((s) => ({ t, admin } = s), { env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000' } });

  it('a public application reaches the staff registrations and table; the public room gets only counts', async () => {
    const p = await createPrograma(t, admin, { max_participantes: 3 });
    const board = await t.socketIn(ROOMS.program(p.id), admin);
    const table = await t.socketIn(ROOMS.programs, admin);
    const anon = await t.socketIn(ROOMS.publicProgram(p.id));
    const publicSeen = collect(anon);

    const created = nextPush(board, 'program-registration.created');
    const tableCounts = nextPush(table, 'program.counts');
    const publicCounts = nextPush(anon, 'program.counts');
    const res = await registerForProgram(t, p.slug, businessApplicationBody(1));
    expect(res.status).toBe(201);
    const msg = await created;
    expect(msg.data.programa_id).toBe(p.id);
    expect(msg.data.registration).toMatchObject({
      correo_electronico: 'SOLICITANTE1@CORREO.MX',
      nombre_emprendimiento: 'Tamales Doña Mary',
    });
    const expected = {
      id: p.id,
      status: 'published',
      max_participantes: 3,
      participantes_actuales: 1,
      held_places: 0,
      waitlist_count: 0,
      version: expect.stringMatching(/^\d+$/),
    };
    expect((await tableCounts).data.counts).toEqual(expected);
    expect((await publicCounts).data.counts).toEqual(expected);

    const updated = nextPush(board, 'program-registration.updated');
    const freed = nextPush(anon, 'program.counts', ARRIVAL_TIMEOUT_MS, (m) => m.data.counts.participantes_actuales === 0);
    await t
      .as(admin)
      .put(`/api/programas-servicios/${p.id}/registrations/${res.body.registration.id}/status`)
      .send({ status: 'cancelado' })
      .expect(200);
    expect((await updated).data.registration.status).toBe('cancelado');
    await freed;

    const changed = nextPush(anon, 'public.program-changed');
    const rowUpdated = nextPush(table, 'program.updated');
    await putPrograma(t, admin, p.id, { status: 'closed', max_participantes: 3 }).expect(200);
    await changed;
    expect((await rowUpdated).data.programa.status).toBe('closed');
    await t.flushOutbox();
    await new Promise((r) => setTimeout(r, 200));
    // Counts of a closed program no longer reach the public room; nothing personal ever did.
    expect(publicSeen.map((s) => s.event).sort()).toEqual(['program.counts', 'program.counts', 'public.program-changed']);
    expect(JSON.stringify(publicSeen)).not.toMatch(PERSONAL);
  });

  it('the table hears creations, featured changes and deletions', async () => {
    const table = await t.socketIn(ROOMS.programs, admin);
    const created = nextPush(table, 'program.created');
    const a = await createPrograma(t, admin, { status: 'draft' });
    expect((await created).data.programa).toMatchObject({ id: a.id, status: 'draft' });
    const b = await createPrograma(t, admin);
    await t.as(admin).put(`/api/programas-servicios/${b.id}`).send({ es_destacado: true }).expect(200);
    const featured = nextPush(table, 'program.featured', ARRIVAL_TIMEOUT_MS, (m) => m.data.id === a.id);
    await t.as(admin).put(`/api/programas-servicios/${a.id}`).send({ es_destacado: true }).expect(200);
    expect((await featured).data).toEqual({ id: a.id, es_destacado: true, affected_ids: [a.id, b.id] });
    const deleted = nextPush(table, 'program.deleted');
    await t.as(admin).delete(`/api/programas-servicios/${a.id}`).expect(200);
    expect((await deleted).data).toEqual({ id: a.id });
  });
});
