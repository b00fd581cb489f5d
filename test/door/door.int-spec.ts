import { createHash, randomUUID } from 'node:crypto';
import { ROOMS } from '../../api/src/shared/events/socket-events';
import { createEvent, registrationBody, registerForEvent } from '../factories/external-events';
import { eventInSpace } from '../factories/internal-events';
import { seccion } from '../factories/spaces';
import { eventually, nextPush, signedInApp, type TestApp, type TestSocket } from '../setup/test-app';

const PERSONAL = /nombre|apellido|email|phone|curp|fecha_nacimiento|@|GARZA|PEÑA|JOSÉ|811\d{7}/i;

let seq = 0;

/** A published external event with `people` registrations; their door codes and registration ids, in order. */
async function eventWithPeople(t: TestApp, admin: string, people: number, overrides: Record<string, unknown> = {}) {
  const e = await createEvent(t, admin, { max_attendees: Math.max(50, people), ...overrides });
  const base = ++seq * 1000;
  for (let i = 0; i < people; i++) await registerForEvent(t, e.slug, registrationBody(base + i)).expect(201);
  const rows = await t.query<{ id: number; codigo: string }>(
    `SELECT id, codigo FROM external_registrations WHERE event_id = $1 ORDER BY id`,
    [e.id],
  );
  return { e, codes: rows.map((r) => r.codigo), ids: rows.map((r) => r.id) };
}

/** What the door keeps for one event, and whether its counter agrees with the people rows. */
async function doorState(t: TestApp, kind: string, eventId: number) {
  const [row] = await t.query<{ inside: number; present: number; entries: number; exits: number; scans: number }>(
    `SELECT coalesce((SELECT inside FROM door_occupancy WHERE event_kind = $1 AND event_id = $2), 0) AS inside,
            (SELECT count(*)::int FROM door_presence WHERE event_kind = $1 AND event_id = $2 AND inside) AS present,
            coalesce((SELECT sum(entries)::int FROM door_gates WHERE event_kind = $1 AND event_id = $2), 0) AS entries,
            coalesce((SELECT sum(exits)::int FROM door_gates WHERE event_kind = $1 AND event_id = $2), 0) AS exits,
            (SELECT count(*)::int FROM door_scans WHERE event_kind = $1 AND event_id = $2) AS scans`,
    [kind, eventId],
  );
  expect(row.inside).toBe(row.present);
  expect(row.entries - row.exits).toBe(row.inside);
  return row;
}

async function eventsOfType(t: TestApp, type: string): Promise<number> {
  const [{ n }] = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM domain_events WHERE type = $1`, [type]);
  return n;
}

/** Every push of one event a socket receives from now on. */
function collect<E extends 'door.occupancy' | 'door.alarm' | 'door.scan' | 'registration.updated'>(socket: TestSocket, event: E) {
  const got: unknown[] = [];
  socket.on(event as never, ((msg: unknown) => got.push(msg)) as never);
  return got as Array<{ event_id: string; data: Record<string, unknown> } & Record<string, unknown>>;
}

describe('the door: scans, results, offline batches, occupancy and alarms', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s), { env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000' } });

  const scan = (kind: 'externos' | 'internos', id: number, body: Record<string, unknown>, token = admin) =>
    t.as(token).post(`/api/eventos-${kind}/${id}/check-in`).send(body);

  it('every answer of an external event door: admitted, already_inside, exited, not_inside, full, cancelled, 404, 422', async () => {
    const { e, codes, ids } = await eventWithPeople(t, admin, 4, { aforo_maximo: 2 });
    const [a, b, c, d] = codes;

    const first = await scan('externos', e.id, { code: ` ${a.toLowerCase()} `, gate: 'Puerta Norte' }).expect(200);
    expect(first.body).toMatchObject({
      result: 'admitted',
      gate: 'Puerta Norte',
      direction: 'in',
      replayed: false,
      occupancy: { inside: 1, capacity: 2 },
      person: { id: ids[0], nombre: 'JOSÉ ÁNGEL', nombre_completo: 'JOSÉ ÁNGEL GARZA PEÑA' },
      message: 'Asistencia registrada: JOSÉ ÁNGEL GARZA PEÑA',
    });
    expect(first.body.scan_id).toMatch(/^[0-9a-f-]{36}$/);
    // Admitted at the door = attended on the board (the existing attendance confirmation and its domain event).
    const board = await t.as(admin).get(`/api/eventos-externos/${e.id}/registrations`).expect(200);
    expect(board.body.registrations.find((r: { id: number }) => r.id === ids[0]).status).toBe('attended');

    expect((await scan('externos', e.id, { code: a, gate: 'Puerta Sur' }).expect(200)).body).toMatchObject({
      result: 'already_inside',
      occupancy: { inside: 1 },
      message: 'JOSÉ ÁNGEL GARZA PEÑA ya está dentro: no se registró otra entrada.',
    });
    expect((await scan('externos', e.id, { code: a, direction: 'out', gate: 'Puerta Sur' }).expect(200)).body).toMatchObject({
      result: 'exited',
      occupancy: { inside: 0, capacity: 2 },
    });
    expect((await scan('externos', e.id, { code: a, direction: 'out' }).expect(200)).body).toMatchObject({ result: 'not_inside' });
    // Re-entry after an exit: admitted again, attendance confirmed only once.
    expect((await scan('externos', e.id, { code: a }).expect(200)).body).toMatchObject({ result: 'admitted', gate: 'Puerta principal' });
    expect((await scan('externos', e.id, { code: b }).expect(200)).body).toMatchObject({ result: 'admitted', occupancy: { inside: 2 } });
    const full = await scan('externos', e.id, { code: c }).expect(200);
    expect(full.body).toMatchObject({ result: 'full', occupancy: { inside: 2, capacity: 2 } });
    expect(full.body.message).toContain('Recinto lleno');

    await t.query(`UPDATE external_registrations SET status = 'cancelled' WHERE id = $1`, [ids[3]]);
    expect((await scan('externos', e.id, { code: d }).expect(200)).body).toMatchObject({ result: 'cancelled', person: { id: ids[3] } });

    const unknown = await scan('externos', e.id, { code: 'ZZZZZZZZ' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No hay ningún registro con ese código en este evento.');
    const malformed = await scan('externos', e.id, { code: 'abc' });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.code).toEqual(['Por favor ingresa un código de acceso válido de 8 caracteres.']);
    expect((await scan('externos', 999999, { code: a })).status).toBe(404);

    const state = await doorState(t, 'externo', e.id);
    expect(state).toMatchObject({ inside: 2, entries: 3, exits: 1, scans: 9 });
    const confirmed = await t.query(
      `SELECT count(*)::int AS n FROM domain_events WHERE type = 'registration.confirmed' AND (payload->>'event_id')::int = $1`,
      [e.id],
    );
    expect(confirmed[0].n).toBe(2); // a and b, once each
    // Every scan is audited, refused ones too (the unknown code as well).
    await t.flushOutbox();
    await eventually(
      () => t.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_logs WHERE resource_type = 'door_scan'`),
      (rows) => rows[0].n >= 9,
    );
  });

  it('a refused scan writes nothing but its scan log row and its audited event', async () => {
    const { e, codes } = await eventWithPeople(t, admin, 2, { aforo_maximo: 1 });
    await scan('externos', e.id, { code: codes[0] }).expect(200);
    const snapshot = () =>
      t.query(
        `SELECT (SELECT json_agg(p ORDER BY holder_id) FROM door_presence p WHERE event_id = $1 AND event_kind = 'externo') AS presence,
                (SELECT row_to_json(o) FROM door_occupancy o WHERE event_id = $1 AND event_kind = 'externo') AS occupancy,
                (SELECT json_agg(g ORDER BY gate) FROM door_gates g WHERE event_id = $1 AND event_kind = 'externo') AS gates,
                (SELECT json_agg(m) FROM door_minutes m WHERE event_id = $1 AND event_kind = 'externo') AS minutes,
                (SELECT json_agg(r ORDER BY id) FROM external_registrations r WHERE event_id = $1) AS registrations,
                (SELECT count(*)::int FROM domain_events) AS events,
                (SELECT count(*)::int FROM door_scans) AS scans`,
        [e.id],
      );
    const before = (await snapshot())[0] as Record<string, unknown>;
    for (const body of [{ code: codes[0] }, { code: codes[1] }, { code: codes[1], direction: 'out' }, { code: 'ZZZZZZZZ' }]) {
      const res = await scan('externos', e.id, body);
      expect([200, 404]).toContain(res.status);
    }
    const after = (await snapshot())[0] as Record<string, unknown>;
    expect({ ...after, events: 0, scans: 0 }).toEqual({ ...before, events: 0, scans: 0 });
    expect(after.scans).toBe((before.scans as number) + 4);
    expect(after.events).toBe((before.events as number) + 4);
    const scans = await t.query<{ scan_id: string; result: string }>(
      `SELECT scan_id, result FROM door_scans WHERE event_kind = 'externo' AND event_id = $1 ORDER BY id DESC LIMIT 4`,
      [e.id],
    );
    expect(scans.map((r) => r.result).sort()).toEqual(['already_inside', 'full', 'not_inside', 'unknown']);
    const audited = await t.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM domain_events WHERE type = 'door.scanned' AND resource_id = ANY($1::text[])`,
      [scans.map((s) => s.scan_id)],
    );
    expect(audited[0].n).toBe(4);
  });

  it('50 devices scanning the same code at once admit exactly one', async () => {
    const { e, codes } = await eventWithPeople(t, admin, 1);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => scan('externos', e.id, { code: codes[0], gate: `Puerta ${i % 4}` })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(200));
    const results = answers.map((r) => r.body.result as string);
    expect(results.filter((r) => r === 'admitted')).toHaveLength(1);
    expect(results.filter((r) => r === 'already_inside')).toHaveLength(49);
    expect(await doorState(t, 'externo', e.id)).toMatchObject({ inside: 1, entries: 1, scans: 50 });
    const confirmed = await t.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM domain_events WHERE type = 'registration.confirmed' AND (payload->>'event_id')::int = $1`,
      [e.id],
    );
    expect(confirmed[0].n).toBe(1);
  }, 60_000);

  it('parallel entries of different people never pass the venue limit', async () => {
    const { e, codes } = await eventWithPeople(t, admin, 30, { aforo_maximo: 10 });
    const answers = await Promise.all(codes.map((code) => scan('externos', e.id, { code })));
    const results = answers.map((r) => r.body.result as string);
    expect(results.filter((r) => r === 'admitted')).toHaveLength(10);
    expect(results.filter((r) => r === 'full')).toHaveLength(20);
    expect(await doorState(t, 'externo', e.id)).toMatchObject({ inside: 10 });
  }, 60_000);

  it('offline: a batch replayed, interleaved with online scans, counts once; scans applied in scanned_at order', async () => {
    const { e, codes } = await eventWithPeople(t, admin, 6);
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 10, 18, minute)).toISOString();
    // Sent out of order: the exit of codes[0] (18:05) comes before its entry (18:01) in the list.
    const batch = [
      { scan_id: randomUUID(), code: codes[0], gate: 'Puerta Norte', direction: 'out', scanned_at: at(5) },
      { scan_id: randomUUID(), code: codes[0], gate: 'Puerta Norte', scanned_at: at(1) },
      { scan_id: randomUUID(), code: codes[1], gate: 'Puerta Norte', scanned_at: at(2) },
      { scan_id: randomUUID(), code: codes[2], gate: 'Puerta Norte', scanned_at: at(3) },
      { scan_id: randomUUID(), code: 'ZZZZZZZZ', gate: 'Puerta Norte', scanned_at: at(4) },
    ];
    const first = await t.as(admin).post(`/api/eventos-externos/${e.id}/check-in/batch`).send({ scans: batch }).expect(200);
    expect(first.body.results.map((r: { scan_id: string }) => r.scan_id)).toEqual(batch.map((s) => s.scan_id));
    expect(first.body.results.map((r: { result: string }) => r.result)).toEqual(['exited', 'admitted', 'admitted', 'admitted', 'unknown']);
    expect(first.body.occupancy).toEqual({ inside: 2, capacity: null });
    // Online meanwhile: one more in, one of the batch's people out.
    await scan('externos', e.id, { code: codes[3], gate: 'Puerta Sur' }).expect(200);
    await scan('externos', e.id, { code: codes[1], gate: 'Puerta Sur', direction: 'out' }).expect(200);
    const before = await doorState(t, 'externo', e.id);
    expect(before).toMatchObject({ inside: 2, entries: 4, exits: 2 });
    // The device was not sure it got through: it sends the same batch again, twice at once.
    const again = await Promise.all(
      [1, 2].map(() => t.as(admin).post(`/api/eventos-externos/${e.id}/check-in/batch`).send({ scans: batch }).expect(200)),
    );
    for (const res of again) {
      expect(res.body.results.map((r: { result: string }) => r.result)).toEqual(['exited', 'admitted', 'admitted', 'admitted', 'unknown']);
      expect(res.body.results.every((r: { replayed: boolean }) => r.replayed)).toBe(true);
      expect(res.body.occupancy.inside).toBe(2);
    }
    expect(await doorState(t, 'externo', e.id)).toEqual(before);
  });

  it('the same code at two gates offline: one admission and one conflict, on the supervisor list', async () => {
    const { e, codes } = await eventWithPeople(t, admin, 2);
    const north = [
      { scan_id: randomUUID(), code: codes[0], gate: 'Puerta Norte', scanned_at: new Date(Date.now() - 120_000).toISOString() },
    ];
    const south = [{ scan_id: randomUUID(), code: codes[0], gate: 'Puerta Sur', scanned_at: new Date(Date.now() - 60_000).toISOString() }];
    const a = await t.as(admin).post(`/api/eventos-externos/${e.id}/check-in/batch`).send({ scans: north }).expect(200);
    const b = await t.as(admin).post(`/api/eventos-externos/${e.id}/check-in/batch`).send({ scans: south }).expect(200);
    expect(a.body.results[0].result).toBe('admitted');
    expect(b.body.results[0]).toMatchObject({ result: 'conflict', message: expect.stringContaining('por Puerta Norte') });
    expect(await doorState(t, 'externo', e.id)).toMatchObject({ inside: 1, entries: 1 });
    // Online, the same second entry is just "already inside" (the device refused it).
    expect((await scan('externos', e.id, { code: codes[0], gate: 'Puerta Sur' }).expect(200)).body.result).toBe('already_inside');
    const list = await t.as(admin).get(`/api/eventos-externos/${e.id}/check-in/conflicts`).expect(200);
    expect(list.body.conflicts).toEqual([
      expect.objectContaining({
        scan_id: south[0].scan_id,
        gate: 'Puerta Sur',
        person: expect.objectContaining({ nombre_completo: 'JOSÉ ÁNGEL GARZA PEÑA' }),
        admitted_by: expect.objectContaining({ scan_id: north[0].scan_id, gate: 'Puerta Norte' }),
      }),
    ]);
    expect((await t.as(admin).get(`/api/eventos-externos/${e.id}/occupancy`).expect(200)).body.conflicts).toBe(1);
  });

  it('full: the door stops at the limit until someone exits or a supervisor (delete rights) lifts the stop; audited', async () => {
    const { e, codes } = await eventWithPeople(t, admin, 3, { aforo_maximo: 1 });
    const editor = await t.createUser(admin, { email: 'puerta-editor@aforo.test', permissions: { eventos_externos: ['view', 'edit'] } });
    const supervisor = await t.createUser(admin, {
      email: 'puerta-supervisor@aforo.test',
      permissions: { eventos_externos: ['view', 'edit', 'delete'] },
    });
    expect((await scan('externos', e.id, { code: codes[0] }, editor.token).expect(200)).body.result).toBe('admitted');
    expect((await scan('externos', e.id, { code: codes[1] }, editor.token).expect(200)).body.result).toBe('full');
    let occ = await t.as(editor.token).get(`/api/eventos-externos/${e.id}/occupancy`).expect(200);
    expect(occ.body).toMatchObject({ inside: 1, capacity: 1, level: 100, entry_stopped: true, stop_lifted: false });
    // The board's heading: the event's title and start (an answer field, not in the pushes).
    expect(occ.body.evento).toEqual({ titulo: e.title, fecha_evento: expect.any(String) });

    expect((await t.as(editor.token).post(`/api/eventos-externos/${e.id}/occupancy/override`)).status).toBe(403);
    const lifted = await t.as(supervisor.token).post(`/api/eventos-externos/${e.id}/occupancy/override`).expect(200);
    expect(lifted.body.occupancy).toMatchObject({ entry_stopped: false, stop_lifted: true });
    expect((await scan('externos', e.id, { code: codes[1] }, editor.token).expect(200)).body).toMatchObject({
      result: 'admitted',
      occupancy: { inside: 2, capacity: 1 },
    });
    // Someone exits, still at the limit: the lift holds; below it, the lift ends and the stop re-arms at the limit.
    await scan('externos', e.id, { code: codes[0], direction: 'out' }, editor.token).expect(200);
    occ = await t.as(editor.token).get(`/api/eventos-externos/${e.id}/occupancy`).expect(200);
    expect(occ.body).toMatchObject({ inside: 1, stop_lifted: true });
    await scan('externos', e.id, { code: codes[1], direction: 'out' }, editor.token).expect(200);
    occ = await t.as(editor.token).get(`/api/eventos-externos/${e.id}/occupancy`).expect(200);
    expect(occ.body).toMatchObject({ inside: 0, stop_lifted: false, entry_stopped: false });
    expect((await scan('externos', e.id, { code: codes[2] }, editor.token).expect(200)).body.result).toBe('admitted');
    expect((await scan('externos', e.id, { code: codes[0] }, editor.token).expect(200)).body.result).toBe('full');
    // Lifting below the limit, or restoring what is not lifted, is refused in Spanish.
    await scan('externos', e.id, { code: codes[2], direction: 'out' }, editor.token).expect(200);
    const early = await t.as(supervisor.token).post(`/api/eventos-externos/${e.id}/occupancy/override`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('La entrada no está detenida: el recinto no ha llegado a su aforo máximo.');
    expect((await t.as(supervisor.token).delete(`/api/eventos-externos/${e.id}/occupancy/override`)).status).toBe(409);
    const lifts = await t.query<{ lifted: boolean; actor_id: number }>(
      `SELECT (payload->>'lifted')::boolean AS lifted, actor_id FROM domain_events WHERE type = 'door.stop-lifted' AND (payload->>'event_id')::int = $1`,
      [e.id],
    );
    expect(lifts).toEqual([{ lifted: true, actor_id: supervisor.id }]);
  });

  it("'vaciar recinto' marks everyone out (delete rights), audited; the counter follows", async () => {
    const { e, codes } = await eventWithPeople(t, admin, 4);
    for (const code of codes.slice(0, 3)) await scan('externos', e.id, { code }).expect(200);
    const viewer = await t.createUser(admin, {
      email: 'puerta-vaciar-ver@aforo.test',
      permissions: { eventos_externos: ['view', 'edit'] },
    });
    expect((await t.as(viewer.token).post(`/api/eventos-externos/${e.id}/occupancy/empty`)).status).toBe(403);
    const res = await t.as(admin).post(`/api/eventos-externos/${e.id}/occupancy/empty`).expect(200);
    expect(res.body).toMatchObject({ count: 3, message: 'Recinto vaciado: 3 persona(s) marcadas fuera.', occupancy: { inside: 0 } });
    const [state] = await t.query<{ inside: number; present: number }>(
      `SELECT (SELECT inside FROM door_occupancy WHERE event_kind = 'externo' AND event_id = $1) AS inside,
              (SELECT count(*)::int FROM door_presence WHERE event_kind = 'externo' AND event_id = $1 AND inside) AS present`,
      [e.id],
    );
    expect(state).toEqual({ inside: 0, present: 0 });
    // Everyone may come back in.
    expect((await scan('externos', e.id, { code: codes[0] }).expect(200)).body.result).toBe('admitted');
    expect(await eventsOfType(t, 'door.emptied')).toBe(1);
  });

  it('occupancy and alarms are pushed once per change; the board sees the attendance live; public rooms get nothing', async () => {
    const { e, codes, ids } = await eventWithPeople(t, admin, 6, { aforo_maximo: 5 });
    const doorRoom = await t.socket(admin);
    expect(await t.join(doorRoom, ROOMS.door('externo', e.id))).toEqual({ ok: true });
    const board = await t.socketIn(ROOMS.externalEvent(e.id), admin);
    const anon = await t.socketIn(ROOMS.publicEvent(e.id));
    const occupancy = collect(doorRoom, 'door.occupancy');
    const alarms = collect(board, 'door.alarm');
    const doorAlarms = collect(doorRoom, 'door.alarm');
    const attended = collect(board, 'registration.updated');
    const publicTraffic: unknown[] = [];
    anon.onAny((event, msg) => publicTraffic.push([event, msg]));

    for (let i = 0; i < 4; i++) {
      const pushed = nextPush(doorRoom, 'door.occupancy', undefined, (m) => m.data.occupancy.inside === i + 1);
      await scan('externos', e.id, { code: codes[i], gate: 'Puerta Norte' }).expect(200);
      await pushed;
    }
    // 4 of 5 = 80 %: one alarm, to the board and to the door.
    await eventually(
      () => alarms.length,
      (n) => n >= 1,
    );
    expect(alarms[0].data).toEqual({ kind: 'externo', event_id: e.id, level: 80, previous_level: 0, inside: 4, capacity: 5 });
    // A refused scan moves nothing: no occupancy push, no alarm.
    await scan('externos', e.id, { code: codes[0] }).expect(200);
    const fifth = nextPush(doorRoom, 'door.occupancy', undefined, (m) => m.data.occupancy.inside === 5);
    await scan('externos', e.id, { code: codes[4], gate: 'Puerta Sur' }).expect(200);
    const last = await fifth;
    expect(last.data.occupancy).toMatchObject({
      inside: 5,
      capacity: 5,
      level: 100,
      entry_stopped: true,
      gates: [
        { gate: 'Puerta Norte', in: 4, out: 0 },
        { gate: 'Puerta Sur', in: 1, out: 0 },
      ],
    });
    await eventually(
      () => alarms.length,
      (n) => n >= 2,
    );
    await t.flushOutbox();
    await new Promise((r) => setTimeout(r, 300));
    expect(alarms.map((a) => a.data.level)).toEqual([80, 100]);
    expect(doorAlarms.map((a) => a.data.level)).toEqual([80, 100]);
    // One occupancy push per change (5 entries), whatever the relay's batching.
    expect(occupancy.map((o) => (o.data.occupancy as { inside: number }).inside)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(occupancy.map((o) => o.event_id)).size).toBe(5);
    // Attendance live on the registrations board, once per person.
    await eventually(
      () => attended.length,
      (n) => n >= 5,
    );
    expect(attended.map((m) => (m.data.registration as { id: number }).id).sort()).toEqual(ids.slice(0, 5).sort());
    expect(JSON.stringify(publicTraffic)).not.toMatch(/door|aforo/);
    expect(JSON.stringify(publicTraffic)).not.toMatch(PERSONAL);
    // Alarms are audited, once per change.
    await eventually(
      () =>
        t.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_logs WHERE resource_type = 'door_occupancy' AND resource_id = $1`, [
          `externo:${e.id}`,
        ]),
      (rows) => rows[0].n === 2,
    );
  });

  it('the offline list: every valid code hashed with the event salt, no personal data', async () => {
    const { e, codes, ids } = await eventWithPeople(t, admin, 3);
    await t.query(`UPDATE external_registrations SET status = 'cancelled' WHERE id = $1`, [ids[2]]);
    await scan('externos', e.id, { code: codes[0] }).expect(200);
    const res = await t.as(admin).get(`/api/eventos-externos/${e.id}/check-in/codes`).expect(200);
    expect(res.body).toMatchObject({ kind: 'externo', event_id: e.id, algorithm: 'SHA-256' });
    const hash = (code: string) => createHash('sha256').update(`${res.body.salt}:${code}`).digest('hex');
    expect(res.body.codes).toEqual(
      expect.arrayContaining([
        { hash: hash(codes[0]), inside: true },
        { hash: hash(codes[1]), inside: false },
      ]),
    );
    expect(res.body.codes).toHaveLength(2); // the cancelled one may not enter
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(PERSONAL);
    for (const code of codes) expect(text).not.toContain(code);
    // The salt is the event's: the same on the next download, another event's differs.
    expect((await t.as(admin).get(`/api/eventos-externos/${e.id}/check-in/codes`).expect(200)).body.salt).toBe(res.body.salt);
  });

  it('who may call the door: edit scans and downloads codes, view reads, delete lifts and empties — per area', async () => {
    const { e, codes } = await eventWithPeople(t, admin, 1);
    const internal = await eventInSpace(t, admin, { people: 1, secciones: [seccion('A', 1, 4)] });
    type Route = { method: 'get' | 'post' | 'delete'; url: string; body?: object; need: string };
    const routes = (kind: 'externos' | 'internos', id: number, code: string): Record<string, Route> => ({
      scan: { method: 'post' as const, url: `/api/eventos-${kind}/${id}/check-in`, body: { code, direction: 'out' }, need: 'edit' },
      batch: {
        method: 'post' as const,
        url: `/api/eventos-${kind}/${id}/check-in/batch`,
        body: { scans: [{ scan_id: randomUUID(), code, direction: 'out' }] },
        need: 'edit',
      },
      codes: { method: 'get' as const, url: `/api/eventos-${kind}/${id}/check-in/codes`, need: 'edit' },
      conflicts: { method: 'get' as const, url: `/api/eventos-${kind}/${id}/check-in/conflicts`, need: 'view' },
      occupancy: { method: 'get' as const, url: `/api/eventos-${kind}/${id}/occupancy`, need: 'view' },
      lift: { method: 'post' as const, url: `/api/eventos-${kind}/${id}/occupancy/override`, need: 'delete' },
      restore: { method: 'delete' as const, url: `/api/eventos-${kind}/${id}/occupancy/override`, need: 'delete' },
      empty: { method: 'post' as const, url: `/api/eventos-${kind}/${id}/occupancy/empty`, need: 'delete' },
    });
    const [{ confirmation_code }] = await t.query<{ confirmation_code: string }>(
      `SELECT confirmation_code FROM evento_asistentes WHERE evento_interno_id = $1`,
      [internal.e.id],
    );
    const kinds = [
      { area: 'eventos_externos', other: 'eventos_internos', routes: routes('externos', e.id, codes[0]) },
      { area: 'eventos_internos', other: 'eventos_externos', routes: routes('internos', internal.e.id, confirmation_code) },
    ];
    for (const { area, other, routes: all } of kinds) {
      const users = {
        none: await t.createUser(admin, { email: `puerta-nada-${area}@aforo.test`, permissions: { [other]: ['view', 'edit', 'delete'] } }),
        view: await t.createUser(admin, { email: `puerta-ver-${area}@aforo.test`, permissions: { [area]: ['view'] } }),
        edit: await t.createUser(admin, { email: `puerta-editar-${area}@aforo.test`, permissions: { [area]: ['view', 'edit'] } }),
        delete: await t.createUser(admin, { email: `puerta-borrar-${area}@aforo.test`, permissions: { [area]: ['view', 'delete'] } }),
      };
      for (const [name, r] of Object.entries(all)) {
        const anon = t.http();
        const anonymous = await anon[r.method](r.url).send(r.body ?? {});
        expect([name, anonymous.status]).toEqual([name, 401]);
        for (const [who, user] of Object.entries(users)) {
          const caller = t.as(user.token);
          const res = await caller[r.method](r.url).send(r.body ?? {});
          const allowed = who === r.need || (r.need === 'view' && who !== 'none');
          if (allowed) expect([area, name, who, res.status]).not.toEqual([area, name, who, 403]);
          else expect([area, name, who, res.status]).toEqual([area, name, who, 403]);
        }
      }
    }
  }, 120_000);

  it('internal events: the check-in keeps its answer, gains results, exits and occupancy per section', async () => {
    const { e, ids, secs } = await eventInSpace(t, admin, { people: 3, secciones: [seccion('A', 1, 2), seccion('B', 1, 4)] });
    await t
      .as(admin)
      .put(`/api/eventos-internos/${e.id}`)
      .send({ titulo: 'Informe', fecha_evento: '2027-03-15T16:00:00.000Z', tipo: 'reunion', aforo_maximo: 2 })
      .expect(200);
    const rows = await t.query<{ persona_id: number; confirmation_code: string }>(
      `SELECT persona_id, confirmation_code FROM evento_asistentes WHERE evento_interno_id = $1 ORDER BY persona_id`,
      [e.id],
    );
    const first = await scan('internos', e.id, { code: rows[0].confirmation_code, gate: 'Acceso VIP' }).expect(200);
    expect(first.body).toMatchObject({
      result: 'admitted',
      already_checked_in: false,
      asistente: { id: ids[0], pivot: { confirmacion: 'asistio' } },
      seat_assigned: { seccion: { codigo: 'A' } },
      occupancy: { inside: 1, capacity: 2 },
      person: { id: ids[0] },
    });
    expect(first.body.message).toMatch(/^Asistencia registrada: /);
    const again = await scan('internos', e.id, { code: rows[0].confirmation_code }).expect(200);
    expect(again.body).toMatchObject({ result: 'already_inside', already_checked_in: true, seat_assigned: null });
    await scan('internos', e.id, { code: rows[1].confirmation_code, seccion_id: secs[1].id }).expect(200);
    expect((await scan('internos', e.id, { code: rows[2].confirmation_code }).expect(200)).body.result).toBe('full');
    const occ = await t.as(admin).get(`/api/eventos-internos/${e.id}/occupancy`).expect(200);
    expect(occ.body).toMatchObject({ kind: 'interno', inside: 2, capacity: 2, level: 100, evento: { titulo: expect.any(String) } });
    expect(occ.body.sections).toEqual([
      { seccion_id: secs[0].id, nombre: expect.any(String), inside: 1, seats: 2 },
      { seccion_id: secs[1].id, nombre: expect.any(String), inside: 1, seats: 4 },
    ]);
    expect(occ.body.series).toHaveLength(60);
    expect(occ.body.series.at(-1).inside).toBe(2);
    expect((await scan('internos', e.id, { code: rows[0].confirmation_code, direction: 'out' }).expect(200)).body).toMatchObject({
      result: 'exited',
      occupancy: { inside: 1 },
      already_checked_in: true,
    });
    const unknown = await scan('internos', e.id, { code: 'ZZZZZ' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No hay ningún invitado con ese código en este evento.');
    // The event's answer carries its venue limit; a PUT without it leaves it; null removes it.
    const detail = await t.as(admin).get(`/api/eventos-internos/${e.id}`).expect(200);
    expect(detail.body.evento.aforo_maximo).toBe(2);
    await t
      .as(admin)
      .put(`/api/eventos-internos/${e.id}`)
      .send({ titulo: 'Informe', fecha_evento: '2027-03-15T16:00:00.000Z', tipo: 'reunion' })
      .expect(200);
    expect((await t.as(admin).get(`/api/eventos-internos/${e.id}`).expect(200)).body.evento.aforo_maximo).toBe(2);
    await t
      .as(admin)
      .put(`/api/eventos-internos/${e.id}`)
      .send({ titulo: 'Informe', fecha_evento: '2027-03-15T16:00:00.000Z', tipo: 'reunion', aforo_maximo: null })
      .expect(200);
    expect((await t.as(admin).get(`/api/eventos-internos/${e.id}`).expect(200)).body.evento.aforo_maximo).toBeNull();
  });

  it('external events: aforo_maximo is optional in the bodies, kept when left out, distinct from max_attendees', async () => {
    const e = await createEvent(t, admin, { max_attendees: 100 });
    expect(
      (await t.as(admin).get(`/api/eventos-externos`).expect(200)).body.events.find((x: { id: number }) => x.id === e.id).aforo_maximo,
    ).toBeNull();
    const body = {
      title: 'Concierto',
      description: 'Gratis',
      event_date: '2027-03-15T16:00:00.000Z',
      location: 'Macroplaza',
      max_attendees: 100,
    };
    const set = await t
      .as(admin)
      .put(`/api/eventos-externos/${e.id}`)
      .send({ ...body, aforo_maximo: 3000 })
      .expect(200);
    expect(set.body.event).toMatchObject({ max_attendees: 100, aforo_maximo: 3000 });
    const kept = await t.as(admin).put(`/api/eventos-externos/${e.id}`).send(body).expect(200);
    expect(kept.body.event.aforo_maximo).toBe(3000);
    const bad = await t
      .as(admin)
      .put(`/api/eventos-externos/${e.id}`)
      .send({ ...body, aforo_maximo: 0 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.aforo_maximo).toEqual(['El aforo máximo del recinto debe ser al menos 1.']);
    // The public page does not carry it.
    const page = await t.http().get(`/api/eventos/${e.slug}`).expect(200);
    expect(page.body.event.aforo_maximo).toBeUndefined();
  });
});
