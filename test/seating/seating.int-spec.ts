import type { SeatingMapCompactResponse } from '../../api/src/shared/contracts/seating.contract';
import { insertPersonas, eventInSpace as spacedEvent } from '../factories/internal-events';
import { createEspacio, seccion } from '../factories/spaces';
import { nextPush, TestApp, ARRIVAL_TIMEOUT_MS, signedInApp } from '../setup/test-app';

/**
 * The seating map: the map read, single assignments and releases with their rules, the two
 * races decided by the UNIQUE constraints (with a control that removes them), permissions, ids of
 * another event, live deltas with versions, presence.
 */
describe('seating: map, assign, release, races, permissions, live', () => {
  let t: TestApp;
  let admin: string;

  signedInApp((s) => ({ t, admin } = s));

  const eventInSpace = (people: number, secciones = [seccion('A', 3, 5), seccion('B', 1, 2)], layout_config = '2') =>
    spacedEvent(t, admin, { people, secciones, layout_config });

  /** The compact form (the seating screen's); the spec's form has its own file, seating-map.int-spec.ts. */
  const map = async (id: number, token = admin) =>
    (await t.as(token).get(`/api/eventos-internos/${id}/seating-map?formato=compacto`).expect(200)).body as SeatingMapCompactResponse;
  const assign = (id: number, persona_id: number, asiento_id: number, token = admin) =>
    t.as(token).post(`/api/eventos-internos/${id}/assign-seat`).send({ persona_id, asiento_id });

  it('the map: the event, its space with sections in layout order, seat ids row-major, assignments, totals, version', async () => {
    const { e, espacio, ids, secs, seats } = await eventInSpace(2);
    const before = await map(e.id);
    expect(before.evento).toMatchObject({ id: e.id, titulo: 'Reunión de Gabinete' });
    expect(before.version).toBe('0');
    expect(before.seating_map).toHaveLength(1);
    expect(before.seating_map[0]).toMatchObject({ id: espacio.id, layout_config: '2', capacidad_total: 17 });
    expect(before.seating_map[0].secciones.map((s) => [s.codigo, s.filas, s.asientos_por_fila])).toEqual([
      ['A', 3, 5],
      ['B', 1, 2],
    ]);
    const a = before.seating_map[0].secciones[0];
    const a23 = seats.find((s) => s.seccion_id === secs[0].id && s.fila === 2 && s.numero === 3)!;
    expect(a.seat_ids[(2 - 1) * 5 + (3 - 1)]).toBe(a23.id);
    expect(before.totals).toEqual({ asientos: 17, asignados: 0 });

    const res = await assign(e.id, ids[0], a23.id);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Asiento asignado exitosamente');
    const after = await map(e.id);
    expect(after.version).toBe('1');
    expect(after.totals).toEqual({ asientos: 17, asignados: 1 });
    expect(after.asignaciones).toEqual([
      {
        id: res.body.asignacion.id,
        asiento_id: a23.id,
        persona: expect.objectContaining({ id: ids[0], nombre_completo: expect.stringContaining('GARZA') }),
        estado: 'asignado',
        attendance_status: 'pendiente',
        asignacion_masiva_id: null,
      },
    ]);
  });

  it('a resync that finds the map unchanged gets 304 and no body (ETag of the content; never stored by the browser)', async () => {
    const { e, ids, seats } = await eventInSpace(1);
    const url = `/api/eventos-internos/${e.id}/seating-map?formato=compacto`;
    const first = await t.as(admin).get(url).expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-store');
    const same = await t.as(admin).get(url).set('If-None-Match', etag);
    expect(same.status).toBe(304);
    expect(same.text ?? '').toBe('');
    // Any change to what the map shows gives another ETag and the whole map.
    await assign(e.id, ids[0], seats[0].id).expect(201);
    const changed = await t.as(admin).get(url).set('If-None-Match', etag).expect(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.body as SeatingMapCompactResponse).asignaciones).toHaveLength(1);
    // Someone without the view permission learns nothing, ETag or not.
    expect((await t.http().get(url).set('If-None-Match', etag)).status).toBe(401);
  });

  it('a seat not registered in the map is null; unknown event 404', async () => {
    const { e, seats, secs } = await eventInSpace(0);
    const gone = seats.find((s) => s.seccion_id === secs[1].id && s.numero === 2)!;
    await t.query(`DELETE FROM asientos WHERE id = $1`, [gone.id]);
    const m = await map(e.id);
    expect(m.seating_map[0].secciones[1].seat_ids).toEqual([expect.any(Number), null]);
    expect(m.totals.asientos).toBe(16);
    const missing = await t.as(admin).get(`/api/eventos-internos/999999/seating-map`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('El evento no existe.');
  });

  it('rules: seat of the event, person an attendee, one seat per person, one person per seat; release', async () => {
    const { e, ids, seats } = await eventInSpace(3);
    const other = await eventInSpace(1);
    const outsider = (await insertPersonas(t, 1, 'FUERA'))[0];

    const foreignSeat = await assign(e.id, ids[0], other.seats[0].id);
    expect(foreignSeat.status).toBe(404);
    expect(foreignSeat.body.message).toBe('El asiento no pertenece al espacio de este evento.');
    const notAttendee = await assign(e.id, outsider, seats[0].id);
    expect(notAttendee.status).toBe(404);
    expect(notAttendee.body.message).toBe('La persona no es asistente de este evento.');
    const otherEventsAttendee = await assign(e.id, other.ids[0], seats[0].id);
    expect(otherEventsAttendee.status).toBe(404);
    const bad = await t.as(admin).post(`/api/eventos-internos/${e.id}/assign-seat`).send({ persona_id: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('persona_id');
    expect(bad.body.errors).toHaveProperty('asiento_id');

    const ok = await assign(e.id, ids[0], seats[0].id);
    expect(ok.status).toBe(201);
    const seatTaken = await assign(e.id, ids[1], seats[0].id);
    expect(seatTaken.status).toBe(409);
    expect(seatTaken.body.message).toBe('Este asiento ya está asignado a otra persona.');
    const personSeated = await assign(e.id, ids[0], seats[1].id);
    expect(personSeated.status).toBe(409);
    expect(personSeated.body.message).toBe('La persona ya tiene un asiento asignado en este evento.');

    // Release: only an assignment of this event.
    const otherOk = await assign(other.e.id, other.ids[0], other.seats[0].id);
    expect(otherOk.status).toBe(201);
    const foreignRelease = await t.as(admin).delete(`/api/eventos-internos/${e.id}/remove-seat/${otherOk.body.asignacion.id}`);
    expect(foreignRelease.status).toBe(404);
    expect(foreignRelease.body.message).toBe('La asignación no existe en este evento.');
    const released = await t.as(admin).delete(`/api/eventos-internos/${e.id}/remove-seat/${ok.body.asignacion.id}`);
    expect(released.status).toBe(200);
    expect(released.body.message).toBe('Asiento liberado exitosamente');
    expect((await t.as(admin).delete(`/api/eventos-internos/${e.id}/remove-seat/${ok.body.asignacion.id}`)).status).toBe(404);
    expect((await assign(e.id, ids[1], seats[0].id)).status).toBe(201);
    expect((await t.query(`SELECT 1 FROM asiento_asignaciones WHERE evento_interno_id = $1`, [other.e.id])).length).toBe(1);
  });

  it('50 parallel assignments of one seat to 50 people: exactly one succeeds, 49 get the Spanish 409', async () => {
    const { e, ids, seats } = await eventInSpace(50);
    const answers = await Promise.all(ids.map((id) => assign(e.id, id, seats[0].id)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r.body.message).toBe('Este asiento ya está asignado a otra persona.');
    const [{ n }] = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM asiento_asignaciones WHERE evento_interno_id = $1`, [
      e.id,
    ]);
    expect(n).toBe(1);
  });

  it('20 parallel assignments of one person to 20 seats: one seat', async () => {
    const { e, ids, seats } = await eventInSpace(1, [seccion('A', 4, 5)]);
    const answers = await Promise.all(seats.slice(0, 20).map((s) => assign(e.id, ids[0], s.id)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.body.message).toBe('La persona ya tiene un asiento asignado en este evento.');
    const rows = await t.query(`SELECT 1 FROM asiento_asignaciones WHERE evento_interno_id = $1 AND persona_id = $2`, [e.id, ids[0]]);
    expect(rows).toHaveLength(1);
  });

  it('view-only staff look (map, presence) but change nothing', async () => {
    const { e, ids, seats, secs } = await eventInSpace(2);
    const viewer = await t.createUser(admin, { email: 'asientos-ver@aforo.test', permissions: { eventos_internos: ['view'] } });
    const outsider = await t.createUser(admin, { email: 'asientos-otro@aforo.test', permissions: { eventos_externos: ['view'] } });
    const ok = await assign(e.id, ids[0], seats[0].id);
    expect((await t.as(viewer.token).get(`/api/eventos-internos/${e.id}/seating-map`)).status).toBe(200);
    const viewerSocket = await t.socket(viewer.token);
    expect((await t.join(viewerSocket, `internal-event-seating:${e.id}`)).ok).toBe(true);
    viewerSocket.disconnect();
    expect((await assign(e.id, ids[1], seats[1].id, viewer.token)).status).toBe(403);
    expect((await t.as(viewer.token).delete(`/api/eventos-internos/${e.id}/remove-seat/${ok.body.asignacion.id}`)).status).toBe(403);
    const mass = await t
      .as(viewer.token)
      .post(`/api/eventos-internos/${e.id}/mass-assign-seats`)
      .send({ persona_ids: [ids[1]], seccion_id: secs[0].id });
    expect(mass.status).toBe(403);
    expect((await t.as(outsider.token).get(`/api/eventos-internos/${e.id}/seating-map`)).status).toBe(403);
    expect((await t.http().get(`/api/eventos-internos/${e.id}/seating-map`)).status).toBe(401);
    const [{ n }] = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM asiento_asignaciones WHERE evento_interno_id = $1`, [
      e.id,
    ]);
    expect(n).toBe(1);
    // The seating room: view may join, another area may not.
    const s1 = await t.socket(viewer.token);
    expect(await t.join(s1, `internal-event-seating:${e.id}`)).toEqual({ ok: true });
    const s2 = await t.socket(outsider.token);
    expect((await t.join(s2, `internal-event-seating:${e.id}`)).ok).toBe(false);
  });

  it('live: each change is pushed as a delta with the next seating version to the map and the detail page', async () => {
    const { e, ids, seats } = await eventInSpace(2);
    const onMap = await t.socket(admin);
    const onDetail = await t.socket(admin);
    expect(await t.join(onMap, `internal-event-seating:${e.id}`)).toEqual({ ok: true });
    expect(await t.join(onDetail, `internal-event:${e.id}`)).toEqual({ ok: true });
    const v0 = BigInt((await map(e.id)).version);

    const pushed = nextPush(onMap, 'seating.changed');
    const pushedDetail = nextPush(onDetail, 'seating.changed');
    const detailSeat = nextPush(onDetail, 'internal-seat.assigned');
    const ok = await assign(e.id, ids[0], seats[0].id);
    const msg = await pushed;
    expect(msg.data).toEqual({
      event_id: e.id,
      version: String(v0 + 1n),
      assigned: [
        expect.objectContaining({ id: ok.body.asignacion.id, asiento_id: seats[0].id, persona: expect.objectContaining({ id: ids[0] }) }),
      ],
      released: [],
    });
    expect((await pushedDetail).data.version).toBe(String(v0 + 1n));
    // The detail page's own terms: its attendee table shows the seat.
    expect((await detailSeat).data).toEqual({
      event_id: e.id,
      persona_id: ids[0],
      asiento: expect.objectContaining({
        asignacion_id: ok.body.asignacion.id,
        asiento_id: seats[0].id,
        displayCode: expect.stringMatching(/^A-A-\d+$/),
      }),
    });

    const releasedPush = nextPush(onMap, 'seating.changed');
    const detailReleased = nextPush(onDetail, 'internal-seats.released');
    await t.as(admin).delete(`/api/eventos-internos/${e.id}/remove-seat/${ok.body.asignacion.id}`).expect(200);
    expect((await releasedPush).data).toMatchObject({
      version: String(v0 + 2n),
      assigned: [],
      released: [[ok.body.asignacion.id, seats[0].id, ids[0]]],
    });
    expect((await detailReleased).data).toEqual({ event_id: e.id, persona_ids: [ids[0]] });
  });

  it("live: a seat given on the event's page (auto-assign, 'asistio') reaches the map as a versioned delta, not a reload", async () => {
    const { e, ids, secs } = await eventInSpace(2);
    const onMap = await t.socket(admin);
    expect(await t.join(onMap, `internal-event-seating:${e.id}`)).toEqual({ ok: true });
    const v0 = BigInt((await map(e.id)).version);

    const auto = nextPush(onMap, 'seating.changed');
    const res = await t
      .as(admin)
      .post(`/api/eventos-internos/${e.id}/auto-assign-seat`)
      .send({ persona_id: ids[0], seccion_id: secs[0].id })
      .expect(201);
    expect((await auto).data).toEqual({
      event_id: e.id,
      version: String(v0 + 1n),
      assigned: [
        expect.objectContaining({
          id: res.body.seat_assigned.asignacion_id,
          asiento_id: res.body.seat_assigned.asiento_id,
          persona: expect.objectContaining({ id: ids[0] }),
        }),
      ],
      released: [],
    });

    const atDoor = nextPush(onMap, 'seating.changed');
    await t
      .as(admin)
      .put(`/api/eventos-internos/${e.id}/asistentes/${ids[1]}`)
      .send({ confirmacion: 'asistio', seccion_id: secs[0].id })
      .expect(200);
    expect((await atDoor).data).toMatchObject({ version: String(v0 + 2n), assigned: [{ persona: { id: ids[1] } }] });
    expect((await map(e.id)).version).toBe(String(v0 + 2n));
  });

  it('live: removing a seated attendee and changing the space each record one seating.seats-released at the next version, pushed to the map', async () => {
    const { e, ids, seats } = await eventInSpace(4);
    const given = [];
    for (const i of [0, 1, 2]) given.push((await assign(e.id, ids[i], seats[i].id).expect(201)).body.asignacion.id as number);
    await t.flushOutbox(); // the assignments' own pushes are out before the screens listen
    const onMap = await t.socket(admin);
    const onDetail = await t.socket(admin);
    expect(await t.join(onMap, `internal-event-seating:${e.id}`)).toEqual({ ok: true });
    expect(await t.join(onDetail, `internal-event:${e.id}`)).toEqual({ ok: true });
    const v0 = BigInt((await map(e.id)).version);
    const recorded = async () =>
      (
        await t.query<{ type: string; payload: unknown }>(
          `SELECT type, payload FROM domain_events WHERE type LIKE '%seats-released' AND resource_id = $1 ORDER BY seq`,
          [String(e.id)],
        )
      ).map((r) => [r.type, r.payload]);

    // An attendee with a seat removed on the event's page: one delta, the seat freed at the next version.
    const removed = nextPush(onMap, 'seating.changed');
    const detailReleased = nextPush(onDetail, 'internal-seats.released');
    await t.as(admin).delete(`/api/eventos-internos/${e.id}/asistentes/${ids[0]}`).expect(200);
    const first = { event_id: e.id, version: String(v0 + 1n), assigned: [], released: [[given[0], seats[0].id, ids[0]]] };
    expect((await removed).data).toEqual(first);
    expect((await detailReleased).data).toEqual({ event_id: e.id, persona_ids: [ids[0]] });
    expect(await recorded()).toEqual([['seating.seats-released', first]]);
    // One without a seat: no seating change at all.
    await t.as(admin).delete(`/api/eventos-internos/${e.id}/asistentes/${ids[3]}`).expect(200);
    expect((await map(e.id)).version).toBe(String(v0 + 1n));

    // The space changed: every seat freed in one delta, at the next version.
    const other = await createEspacio(t, admin);
    const changed = nextPush(onMap, 'seating.changed');
    const res = await t
      .as(admin)
      .post(`/api/eventos-internos/${e.id}/assign-espacio`)
      .send({ espacio_id: other.id, permite_seleccion_asiento: true, replace_existing: true })
      .expect(201);
    expect(res.body.released_count).toBe(2);
    const second = {
      event_id: e.id,
      version: String(v0 + 2n),
      assigned: [],
      released: [
        [given[1], seats[1].id, ids[1]],
        [given[2], seats[2].id, ids[2]],
      ],
    };
    expect((await changed).data).toEqual(second);
    expect(await recorded()).toEqual([
      ['seating.seats-released', first],
      ['seating.seats-released', second],
    ]);
    const after = await map(e.id);
    expect(after.version).toBe(String(v0 + 2n));
    expect(after.asignaciones).toEqual([]);
    onMap.disconnect();
    onDetail.disconnect();
  });

  it('presence: read from the seating room, pushed to it when someone joins, leaves or disconnects (no heartbeat)', async () => {
    const { e } = await eventInSpace(0);
    const other = await t.createUser(admin, {
      name: 'Lucía Treviño',
      email: 'asientos-presencia@aforo.test',
      permissions: { eventos_internos: ['view', 'edit'] },
    });
    const room = `internal-event-seating:${e.id}`;
    const names = (m: { data: { users: Array<{ name: string }> } }) => m.data.users.map((u) => u.name);
    const watcher = await t.socket(admin);
    const alone = nextPush(watcher, 'seating.presence', ARRIVAL_TIMEOUT_MS);
    expect((await t.join(watcher, room)).ok).toBe(true);
    const me = (await alone).data.users;
    expect(me).toHaveLength(1);
    expect(me[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });

    // Someone arrives: both of them get the list of two.
    const arrived = nextPush(watcher, 'seating.presence', ARRIVAL_TIMEOUT_MS, (m) => m.data.users.length === 2);
    const second = await t.socket(other.token);
    const toNewcomer = nextPush(second, 'seating.presence', ARRIVAL_TIMEOUT_MS, (m) => m.data.users.length === 2);
    expect((await t.join(second, room)).ok).toBe(true);
    expect(names(await arrived)).toContain('Lucía Treviño');
    expect((await toNewcomer).data.event_id).toBe(e.id);

    // A second tab of the same person is still one person.
    const secondTab = await t.socket(other.token);
    expect((await t.join(secondTab, room)).ok).toBe(true);
    const left = nextPush(watcher, 'seating.presence', ARRIVAL_TIMEOUT_MS, (m) => m.data.users.length === 1);
    await new Promise((done) => secondTab.emit('room:leave', room, done));
    // Leaving the room with one tab and closing the other: gone.
    second.disconnect();
    expect((await left).data.users.map((u) => u.id)).toEqual([me[0].id]);

    // A socket of someone who may not view internal events never enters the room, so never shows.
    const outsider = await t.createUser(admin, { email: 'asientos-fuera@aforo.test', permissions: { eventos_externos: ['view'] } });
    const outsiderSocket = await t.socket(outsider.token);
    expect((await t.join(outsiderSocket, room)).ok).toBe(false);
    outsiderSocket.disconnect();
    secondTab.disconnect();
    watcher.disconnect();
  });

  // Last: it removes the constraints from this test's database.
  it('control: without the UNIQUE constraints the same parallel requests let duplicates in (the race tests would catch a race)', async () => {
    const { e, ids, seats } = await eventInSpace(50, [seccion('A', 4, 5)]);
    const constraints = await t.query<{ conname: string }>(
      `SELECT conname FROM pg_constraint WHERE conrelid = 'asiento_asignaciones'::regclass AND contype = 'u' ORDER BY conname`,
    );
    expect(constraints.map((c) => c.conname)).toEqual([
      'asiento_asignaciones_evento_asiento_key',
      'asiento_asignaciones_evento_persona_key',
    ]);
    // The person's seat is referenced by no foreign key that needs the unique pair; drop both.
    await t.query(`ALTER TABLE asiento_asignaciones DROP CONSTRAINT asiento_asignaciones_evento_asiento_key`);
    await t.query(`ALTER TABLE asiento_asignaciones DROP CONSTRAINT asiento_asignaciones_evento_persona_key`);
    const oneSeat = await Promise.all(ids.map((id) => assign(e.id, id, seats[0].id)));
    expect(oneSeat.filter((a) => a.status === 201).length).toBeGreaterThan(1);
    const onePerson = await Promise.all(seats.slice(1, 21).map((s) => assign(e.id, ids[0], s.id)));
    expect(onePerson.filter((a) => a.status === 201).length).toBeGreaterThan(1);
  });
});
