import { ROOMS } from '../../api/src/shared/events/socket-events';
import { createEvent, putEvent, registerForEvent, registrationBody } from '../factories/external-events';
import { appPerFile, expectRooms, nextPush, signedInApp, TestApp } from '../setup/test-app';

const PERSONAL = /nombre|apellido|email|phone|curp|fecha_nacimiento|@|JOSÉ|GARZA|811\d{7}/i;

describe('external events live (instead of the 3-second polling)', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s), { env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000' } });

  it('rooms: staff rooms need eventos_externos view; a draft public room only for staff', async () => {
    const draft = await createEvent(t, admin, { status: 'draft' });
    const published = await createEvent(t, admin);
    const anon = await t.socket();
    await expectRooms(t, anon, {
      allowed: [ROOMS.publicEvents, ROOMS.publicEvent(published.id)],
      refused: [ROOMS.publicEvent(draft.id), ROOMS.externalEvents, ROOMS.externalEvent(published.id)],
    });
    const staff = await t.createUser(admin, { email: 'personas-only@aforo.test', permissions: { personas: ['view'] } });
    const s = await t.socket(staff.token);
    expect((await t.join(s, ROOMS.externalEvent(published.id))).ok).toBe(false);
    const viewer = await t.createUser(admin, { email: 'viewer-live@aforo.test', permissions: { eventos_externos: ['view'] } });
    const v = await t.socket(viewer.token);
    await expectRooms(t, v, { allowed: [ROOMS.externalEvent(published.id)], refused: [ROOMS.externalEvent(999999)] });
  });

  it('a public registration reaches the staff board; counts reach everyone, versioned', async () => {
    const e = await createEvent(t, admin, { max_attendees: 2 });
    const board = await t.socketIn(ROOMS.externalEvent(e.id), admin);
    const anon = await t.socketIn(ROOMS.publicEvent(e.id));
    const created = nextPush(board, 'registrations.created');
    const publicCounts = nextPush(anon, 'event.counts');
    await registerForEvent(t, e.slug, registrationBody(1)).expect(201);
    const msg = await created;
    expect(msg.data.registrations).toHaveLength(1);
    const [registration] = msg.data.registrations;
    expect(registration).toMatchObject({ nombre: 'JOSÉ ÁNGEL', email: 'PERSONA1@CORREO.MX', status: 'registered' });
    const counts = (await publicCounts).data.counts;
    expect(counts).toEqual([
      {
        id: e.id,
        slug: e.slug,
        status: 'published',
        max_attendees: 2,
        current_attendees: 1,
        held_places: 0,
        waitlist_count: 0,
        is_featured: false,
        version: expect.stringMatching(/^\d+$/),
      },
    ]);

    const confirmed = nextPush(board, 'registration.updated');
    await t.as(admin).put(`/api/eventos-externos/${e.id}/registrations/${registration.id}/confirm`).expect(200);
    expect((await confirmed).data.registration.status).toBe('attended');

    const full = nextPush(anon, 'event.counts');
    await registerForEvent(t, e.slug, registrationBody(2)).expect(201);
    const last = (await full).data.counts[0];
    expect(last.current_attendees).toBe(2);
    expect(BigInt(last.version)).toBeGreaterThan(BigInt(counts[0].version));

    const deleted = nextPush(board, 'registration.deleted');
    await t.as(admin).delete(`/api/eventos-externos/${e.id}/registrations/${registration.id}`).expect(200);
    expect((await deleted).data).toEqual({ event_id: e.id, id: registration.id });
  });

  it('a burst of registrations reaches the board combined: every one exactly once, in order, in few pushes', async () => {
    const e = await createEvent(t, admin, { max_attendees: 40 });
    const board = await t.socketIn(ROOMS.externalEvent(e.id), admin);
    const pushes: Array<{ event_id: string; ids: number[] }> = [];
    board.on('registrations.created', (msg) => pushes.push({ event_id: msg.event_id, ids: msg.data.registrations.map((r) => r.id) }));
    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => registerForEvent(t, e.slug, registrationBody(300 + i))));
    expect(responses.map((r) => r.status)).toEqual(Array(40).fill(201));
    const accepted = responses.map((r) => r.body.registration.id as number).sort((a, b) => a - b);
    const deadline = Date.now() + 2000;
    while (pushes.flatMap((p) => p.ids).length < 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const received = pushes.flatMap((p) => p.ids);
    expect([...received].sort((a, b) => a - b)).toEqual(accepted);
    expect(received).toEqual([...received].sort((a, b) => a - b)); // registration order
    expect(pushes.length).toBeLessThan(40);
    expect(new Set(pushes.map((p) => p.event_id)).size).toBe(pushes.length);
  });

  it('the admin table hears about new events, updates and the featured star', async () => {
    const table = await t.socketIn(ROOMS.externalEvents, admin);
    const created = nextPush(table, 'external-event.created');
    const e = await createEvent(t, admin);
    expect((await created).data.event.id).toBe(e.id);
    const star = nextPush(table, 'event.counts');
    await t.as(admin).put(`/api/eventos-externos/${e.id}/toggle-featured`).expect(200);
    expect((await star).data.counts.find((c) => c.id === e.id)?.is_featured).toBe(true);
    const updated = nextPush(table, 'external-event.updated');
    await putEvent(t, admin, e.id, { title: 'Nuevo título' }).expect(200);
    expect((await updated).data.event.title).toBe('Nuevo título');
  });

  it('a public socket never receives a name, e-mail, phone or CURP', async () => {
    const e = await createEvent(t, admin);
    const anon = await t.socketIn(ROOMS.publicEvents);
    await t.join(anon, ROOMS.publicEvent(e.id));
    const received: string[] = [];
    anon.onAny((_event, payload) => received.push(JSON.stringify(payload)));
    for (let i = 0; i < 5; i++) await registerForEvent(t, e.slug, registrationBody(100 + i)).expect(201);
    const [first] = await t.query<{ id: number }>('SELECT id FROM external_registrations WHERE event_id = $1 LIMIT 1', [e.id]);
    await t.as(admin).put(`/api/eventos-externos/${e.id}/registrations/${first.id}/confirm`).expect(200);
    await t.as(admin).delete(`/api/eventos-externos/${e.id}/registrations/${first.id}`).expect(200);
    await t.flushOutbox();
    await new Promise((r) => setTimeout(r, 300));
    expect(received.length).toBeGreaterThan(0);
    expect(received.filter((p) => PERSONAL.test(p))).toEqual([]);
  });
});

describe('unpublishing reaches the public page', () => {
  let t: TestApp;
  appPerFile((app) => (t = app));

  it('a visitor on the page is told to refetch when the event goes back to draft (and then gets 404)', async () => {
    const admin = await t.login();
    const e = await createEvent(t, admin);
    const anon = await t.socket();
    expect((await t.join(anon, ROOMS.publicEvent(e.id))).ok).toBe(true);
    const changed = nextPush(anon, 'public.events-changed');
    await putEvent(t, admin, e.id, { status: 'draft' }).expect(200);
    await changed;
    expect((await t.http().get(`/api/eventos/${e.slug}`)).status).toBe(404);
  });
});
