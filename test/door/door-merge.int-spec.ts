import { randomUUID } from 'node:crypto';
import { ROOMS } from '../../api/src/shared/events/socket-events';
import { assignPersonas, createInternalEvent } from '../factories/internal-events';
import { createPersona } from '../factories/personas';
import { eventually, nextPush, signedInApp, type TestApp } from '../setup/test-app';

/**
 * People merged into one at the door of an internal event (docs/decisions/puerta.md «Personas fusionadas en la
 * puerta»): two people inside the same event are one person inside after the merge — one presence, the counter one
 * lower, its level and pushes with it — and the merge's undo counts them both again. A scan of either person racing
 * the merge never leaves the counter apart from the people marked inside.
 */
describe('the door when people are merged into one', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s));

  const scan = (id: number, body: Record<string, unknown>) => t.as(admin).post(`/api/eventos-internos/${id}/check-in`).send(body);
  const merge = (body: object) => t.as(admin).post('/api/personas/fusiones').send(body);
  let n = 0;

  /** An internal event with a venue limit, three invited people (two of them the same person), and their codes. */
  async function invited(aforo: number) {
    const tag = String(++n);
    const e = await createInternalEvent(t, admin, { titulo: `Informe de gobierno ${tag}`, aforo_maximo: aforo });
    const a = await createPersona(t, admin, { nombre: 'Martha Alicia', apellido_paterno: 'Treviño', apellido_materno: `Lozano${tag}` });
    const b = await createPersona(t, admin, { nombre: 'Martha A.', apellido_paterno: 'Treviño', apellido_materno: `Lozano${tag}` });
    const c = await createPersona(t, admin, { nombre: 'Rogelio', apellido_paterno: 'Cavazos', apellido_materno: `Villarreal${tag}` });
    await assignPersonas(t, admin, e.id, [a.id, b.id, c.id]);
    const rows = await t.query<{ persona_id: number; confirmation_code: string }>(
      `SELECT persona_id, confirmation_code FROM evento_asistentes WHERE evento_interno_id = $1`,
      [e.id],
    );
    const code = (id: number) => rows.find((r) => r.persona_id === id)!.confirmation_code;
    return { e, a: a.id, b: b.id, c: c.id, code };
  }

  /** The counter and the people rows marked inside: always equal. */
  async function door(eventId: number) {
    const [row] = await t.query<{ inside: number; present: number; level: number }>(
      `SELECT o.inside, o.alarm_level AS level,
              (SELECT count(*)::int FROM door_presence p WHERE p.event_kind = 'interno' AND p.event_id = $1 AND p.inside) AS present
         FROM door_occupancy o WHERE o.event_kind = 'interno' AND o.event_id = $1`,
      [eventId],
    );
    expect(row.inside).toBe(row.present);
    return row;
  }

  it('both inside: one person inside after the merge (counter, level, pushes, audit); the undo counts both again', async () => {
    const s = await invited(3);
    for (const id of [s.a, s.b, s.c]) expect((await scan(s.e.id, { code: s.code(id) }).expect(200)).body.result).toBe('admitted');
    expect(await door(s.e.id)).toEqual({ inside: 3, present: 3, level: 100 });

    const board = await t.socket(admin);
    expect(await t.join(board, ROOMS.door('interno', s.e.id))).toEqual({ ok: true });
    const occupancy = nextPush(board, 'door.occupancy', undefined, (m) => m.data.occupancy.inside === 2);
    const alarm = nextPush(board, 'door.alarm', undefined, (m) => m.data.level === 0);

    const merged = await merge({ sobreviviente_id: s.a, fusionar_ids: [s.b] });
    expect(merged.status).toBe(201);
    expect(merged.body.movidos).toMatchObject({ invitaciones: 0, invitaciones_liberadas: 1 });
    expect(await door(s.e.id)).toEqual({ inside: 2, present: 2, level: 0 });
    expect((await occupancy).data.occupancy).toMatchObject({ inside: 2, capacity: 3, level: 0, entry_stopped: false });
    expect((await alarm).data).toMatchObject({ level: 0, previous_level: 100, inside: 2, capacity: 3 });
    expect((await t.as(admin).get(`/api/eventos-internos/${s.e.id}/occupancy`).expect(200)).body).toMatchObject({ inside: 2 });
    // The one person left is inside under the survivor; the released code is nobody's now.
    expect(
      await t.query(`SELECT holder_id, inside FROM door_presence WHERE event_kind = 'interno' AND event_id = $1 AND holder_id <> $2`, [
        s.e.id,
        s.c,
      ]),
    ).toEqual([{ holder_id: s.a, inside: true }]);
    // The counter's log says why it moved.
    await eventually(
      () =>
        t.query(`SELECT event_type FROM audit_logs WHERE resource_type = 'door_occupancy' AND resource_id = $1 AND event_type = $2`, [
          `interno:${s.e.id}`,
          'door.holders-merged',
        ]),
      (rows) => rows.length === 1,
    );

    const back = nextPush(board, 'door.occupancy', undefined, (m) => m.data.occupancy.inside === 3);
    const raised = nextPush(board, 'door.alarm', undefined, (m) => m.data.level === 100);
    const undone = await t.as(admin).post(`/api/personas/fusiones/${merged.body.id}/deshacer`).send();
    expect(undone.status).toBe(200);
    expect(await door(s.e.id)).toEqual({ inside: 3, present: 3, level: 100 });
    await back;
    expect((await raised).data).toMatchObject({ level: 100, previous_level: 0, inside: 3 });
    const [{ payload }] = await t.query<{ payload: { delta: number; undone: boolean } }>(
      `SELECT payload FROM domain_events WHERE type = 'door.holders-merged' AND (payload->>'undone')::boolean`,
    );
    expect(payload).toMatchObject({ delta: 1, undone: true });
    expect((await scan(s.e.id, { code: s.code(s.b) }).expect(200)).body.result).toBe('already_inside');
    board.disconnect();
  });

  it('only the merged person inside: the survivor is inside after the merge, nothing to take off the counter', async () => {
    const s = await invited(10);
    await scan(s.e.id, { code: s.code(s.a) }).expect(200);
    await scan(s.e.id, { code: s.code(s.a), direction: 'out' }).expect(200);
    await scan(s.e.id, { code: s.code(s.b) }).expect(200);
    expect(await door(s.e.id)).toMatchObject({ inside: 1 });

    expect((await merge({ sobreviviente_id: s.a, fusionar_ids: [s.b] })).status).toBe(201);
    expect(await door(s.e.id)).toMatchObject({ inside: 1 });
    expect(await t.query(`SELECT holder_id, inside FROM door_presence WHERE event_kind = 'interno' AND event_id = $1`, [s.e.id])).toEqual([
      { holder_id: s.a, inside: true },
    ]);
    expect(
      await t.query(`SELECT count(*)::int AS n FROM domain_events WHERE type = 'door.holders-merged' AND resource_id = $1`, [
        `interno:${s.e.id}`,
      ]),
    ).toEqual([{ n: 0 }]);
    // The person leaves once: nobody inside.
    expect((await scan(s.e.id, { code: s.code(s.a), direction: 'out' }).expect(200)).body.result).toBe('exited');
    expect(await door(s.e.id)).toMatchObject({ inside: 0 });
  });

  it("a scan of the merged person's code while the merge runs waits for it and admits the survivor (lock order)", async () => {
    const s = await invited(50);
    // E2: only the merged person is invited; their invitation (and code) becomes the survivor's.
    const e2 = await createInternalEvent(t, admin, { titulo: `Cabildo abierto ${n}` });
    await assignPersonas(t, admin, e2.id, [s.b]);
    const [{ code }] = await t.query<{ code: string }>(
      `SELECT confirmation_code AS code FROM evento_asistentes WHERE evento_interno_id = $1 AND persona_id = $2`,
      [e2.id, s.b],
    );
    // Both inside the first event: the merge moves its counter, which this test holds, so the merge waits there with
    // the invitations it moved locked.
    await scan(s.e.id, { code: s.code(s.a) }).expect(200);
    await scan(s.e.id, { code: s.code(s.b) }).expect(200);
    const hold = t.db.createQueryRunner();
    await hold.connect();
    await hold.startTransaction();
    try {
      await hold.query(`SELECT 1 FROM door_occupancy WHERE event_kind = 'interno' AND event_id = $1 FOR UPDATE`, [s.e.id]);
      const waiting = () =>
        t.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
      const merging = merge({ sobreviviente_id: s.a, fusionar_ids: [s.b] }).then((r) => r);
      await eventually(waiting, (rows) => rows[0].n === 1);
      // The scan read the code's holder (the merged person) before; it must not act on that stale answer.
      const scanning = scan(e2.id, { code }).then((r) => r);
      await eventually(waiting, (rows) => rows[0].n === 2);
      await hold.commitTransaction();
      expect((await merging).status).toBe(201);
      const answer = await scanning;
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ result: 'admitted', person: { id: s.a }, occupancy: { inside: 1 } });
    } finally {
      if (hold.isTransactionActive) await hold.rollbackTransaction();
      await hold.release();
    }
    expect(await door(s.e.id)).toMatchObject({ inside: 1 });
    expect(await door(e2.id)).toMatchObject({ inside: 1 });
    expect(await t.query(`SELECT holder_id FROM door_presence WHERE event_kind = 'interno' AND event_id = $1`, [e2.id])).toEqual([
      { holder_id: s.a },
    ]);
  });

  it('scans of either person racing the merge (online and offline): the counter always equals the people inside', async () => {
    for (let round = 0; round < 6; round++) {
      const s = await invited(50);
      // Round by round, who is inside before the race changes: both, only one, or nobody yet.
      if (round % 3 !== 2) await scan(s.e.id, { code: s.code(s.a) }).expect(200);
      if (round % 3 === 0) await scan(s.e.id, { code: s.code(s.b) }).expect(200);
      const out = round % 2 === 0 ? 'out' : 'in';
      const answers = await Promise.all([
        merge({ sobreviviente_id: s.a, fusionar_ids: [s.b] }),
        scan(s.e.id, { code: s.code(s.b), direction: out }),
        scan(s.e.id, { code: s.code(s.a), direction: 'in' }),
        t
          .as(admin)
          .post(`/api/eventos-internos/${s.e.id}/check-in/batch`)
          .send({ scans: [{ code: s.code(s.b), scan_id: randomUUID(), direction: 'in', gate: 'Puerta Sur' }] }),
        scan(s.e.id, { code: s.code(s.c) }),
      ]);
      expect(answers[0].status).toBe(201);
      // No deadlock, no error: a scan of a code the merge released is a 404 (nobody's any more), anything else a 200.
      for (const r of answers.slice(1)) expect([200, 404]).toContain(r.status);
      await door(s.e.id);
      // One presence per person and event, never a row of someone merged away.
      expect(
        await t.query(`SELECT holder_id FROM door_presence WHERE event_kind = 'interno' AND event_id = $1 AND holder_id = $2`, [
          s.e.id,
          s.b,
        ]),
      ).toEqual([]);
    }
  });
});
