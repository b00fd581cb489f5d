import type { MassAssignmentResponse } from '../../api/src/shared/contracts/seating.contract';
import { unpackPlaced } from '../../api/src/shared/rules/seating-delta';
import { MassAssignJob } from '../../api/src/modules/seating/jobs/mass-assign.job';
import { insertPersonas, eventInSpace as spacedEvent } from '../factories/internal-events';
import { seccion } from '../factories/spaces';
import { eventually, nextPush, TestApp, ARRIVAL_TIMEOUT_MS, signedInApp } from '../setup/test-app';

/**
 * Mass seat assignment as a job: answered at once, set-based, seating order, companies side
 * by side, the spec's messages, idempotent after a crash and under a duplicate run, safe with single
 * assignments made meanwhile, undo of the last one, progress and result pushed.
 */
describe('seating: mass assignment job', () => {
  let t: TestApp;
  let admin: string;

  signedInApp((s) => ({ t, admin } = s));

  async function eventInSpace(people: number, secciones = [seccion('A', 4, 6)]) {
    const spaced = await spacedEvent(t, admin, { people, secciones, layout_config: '1' });
    return { ...spaced, seccionId: spaced.secs[0].id };
  }

  const request = (eventId: number, persona_ids: number[], seccion_id: number) =>
    t.as(admin).post(`/api/eventos-internos/${eventId}/mass-assign-seats`).send({ persona_ids, seccion_id });

  const done = (eventId: number, massId: string) =>
    eventually(
      async () =>
        (await t.as(admin).get(`/api/eventos-internos/${eventId}/mass-assign-seats/${massId}`)).body
          .mass_assignment as MassAssignmentResponse,
      (m) => m?.status === 'completed' || m?.status === 'failed',
      20000,
    );

  const seated = (eventId: number) =>
    t.query<{ persona_id: number; fila: number; numero: number; asignacion_masiva_id: string | null }>(
      `SELECT aa.persona_id, s.fila, s.numero, aa.asignacion_masiva_id FROM asiento_asignaciones aa JOIN asientos s ON s.id = aa.asiento_id
        WHERE aa.evento_interno_id = $1 ORDER BY s.fila, s.numero`,
      [eventId],
    );

  async function noSeatTwice(eventId: number) {
    const [r] = await t.query<{ n: number; seats: number; people: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT asiento_id)::int AS seats, count(DISTINCT persona_id)::int AS people
         FROM asiento_asignaciones WHERE evento_interno_id = $1`,
      [eventId],
    );
    expect(r.seats).toBe(r.n);
    expect(r.people).toBe(r.n);
    return r.n;
  }

  it('answers at once with the job id; the job places everyone, front rows first from the centre; progress and result pushed', async () => {
    const { e, ids, seccionId } = await eventInSpace(8);
    const watcher = await t.socket(admin);
    await t.join(watcher, `internal-event-seating:${e.id}`);
    const finished = nextPush(watcher, 'seating.mass-progress', ARRIVAL_TIMEOUT_MS, (m) => m.data.mass.status === 'completed');
    const delta = nextPush(watcher, 'seating.changed', ARRIVAL_TIMEOUT_MS, (m) => (m.data.placed?.rows.length ?? 0) > 0);
    const res = await request(e.id, ids, seccionId);
    expect(res.status).toBe(202);
    expect(res.body.job_id).toBe(`mass-assign-${res.body.mass_assignment.id}`);
    expect(res.body.mass_assignment).toMatchObject({ status: 'queued', total: 8 });
    const m = await done(e.id, res.body.mass_assignment.id);
    expect(m).toMatchObject({ status: 'completed', assigned_count: 8, failed_count: 0, failure_reasons: [] });
    expect(m.message).toBe('Se asignaron 8 personas exitosamente.');
    // 6 seats a row: row 1 full, then the 2 centre seats of row 2.
    const rows = await seated(e.id);
    expect(rows.map((r) => `${r.fila}:${r.numero}`)).toEqual(['1:1', '1:2', '1:3', '1:4', '1:5', '1:6', '2:3', '2:4']);
    expect(rows.every((r) => r.asignacion_masiva_id === m.id)).toBe(true);
    expect((await finished).data.mass).toMatchObject({ assigned_count: 8, message: 'Se asignaron 8 personas exitosamente.' });
    // The batch is packed; unpacked it is what the map answers for those seats.
    const pushed = (await delta).data;
    expect(pushed.assigned).toEqual([]);
    const unpacked = unpackPlaced(pushed.placed!, m.id);
    const map = await t.as(admin).get(`/api/eventos-internos/${e.id}/seating-map?formato=compacto`).expect(200);
    const byId = (list: Array<{ id: number }>) => [...list].sort((x, y) => x.id - y.id);
    expect(byId(unpacked)).toEqual(byId(map.body.asignaciones));
    expect(unpacked[0].persona.nombre_completo).toMatch(/\S/);
  });

  it('more people than free seats: only the first N, the rest failed with a reason; the spec message', async () => {
    const { e, ids, seccionId } = await eventInSpace(27); // 24 seats
    const outsider = (await insertPersonas(t, 1, 'NOINVITADO'))[0];
    const res = await request(e.id, [...ids, outsider], seccionId);
    expect(res.status).toBe(202);
    const m = await done(e.id, res.body.mass_assignment.id);
    expect(m.assigned_count).toBe(24);
    expect(m.failed_count).toBe(4);
    expect(m.message).toBe('Se asignaron 24 personas exitosamente. 4 no pudieron ser asignadas.');
    expect(m.failure_reasons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ persona_id: outsider, motivo: 'La persona no es asistente de este evento.' }),
        expect.objectContaining({ motivo: 'No hay asientos disponibles en la sección.' }),
      ]),
    );
    expect(await noSeatTwice(e.id)).toBe(24);
    // None could be placed: the fallback message.
    const again = await request(e.id, ids.slice(24), seccionId);
    const m2 = await done(e.id, again.body.mass_assignment.id);
    expect(m2).toMatchObject({ assigned_count: 0, failed_count: 3, message: 'No se pudieron asignar las personas' });
  });

  it('several batches (2,100 people into a 50 × 50 section): every one placed once, one delta per batch', async () => {
    const { e, ids, seccionId } = await eventInSpace(2100, [seccion('A', 50, 50)]);
    const watcher = await t.socket(admin);
    await t.join(watcher, `internal-event-seating:${e.id}`);
    const deltas: number[] = [];
    watcher.on('seating.changed', (m) => deltas.push(m.data.assigned.length + (m.data.placed?.rows.length ?? 0)));
    const res = await request(e.id, ids, seccionId);
    const m = await done(e.id, res.body.mass_assignment.id);
    expect(m).toMatchObject({ assigned_count: 2100, failed_count: 0 });
    expect(await noSeatTwice(e.id)).toBe(2100);
    await eventually(
      () => deltas.reduce((a, b) => a + b, 0),
      (n) => n === 2100,
    );
    expect(deltas).toEqual([2000, 100]);
    const map = (await t.as(admin).get(`/api/eventos-internos/${e.id}/seating-map?formato=compacto`).expect(200)).body;
    expect(map.totals).toEqual({ asientos: 2500, asignados: 2100 });
  });

  it('people of the same company sit side by side', async () => {
    const { e, ids, seccionId } = await eventInSpace(12);
    const [a, b] = await t.query<{ id: number }>(`INSERT INTO empresas (nombre) VALUES ('ACME ${e.id}'), ('GLOBEX ${e.id}') RETURNING id`);
    // Chosen interleaved: A B A B …; placed as A A A … B B B … in reading order.
    const byCompany = new Map<number, number>();
    ids.forEach((id, i) => byCompany.set(id, i % 2 === 0 ? a.id : b.id));
    for (const [id, empresa] of byCompany) await t.query(`UPDATE personas SET empresa_id = $2 WHERE id = $1`, [id, empresa]);
    const res = await request(e.id, ids, seccionId);
    await done(e.id, res.body.mass_assignment.id);
    const order = (await seated(e.id)).map((r) => byCompany.get(r.persona_id));
    expect(order).toEqual([...Array(6).fill(a.id), ...Array(6).fill(b.id)]);
  });

  it('invalid requests: no people, no section, a section of another event → Spanish 422', async () => {
    const { e, ids } = await eventInSpace(1);
    const other = await eventInSpace(1);
    const empty = await request(e.id, [], other.seccionId);
    expect(empty.status).toBe(422);
    expect(empty.body.errors.persona_ids).toContain('Selecciona al menos una persona.');
    const noSection = await t.as(admin).post(`/api/eventos-internos/${e.id}/mass-assign-seats`).send({ persona_ids: ids });
    expect(noSection.status).toBe(422);
    expect(noSection.body.errors).toHaveProperty('seccion_id');
    const foreign = await request(e.id, ids, other.seccionId);
    expect(foreign.status).toBe(422);
    expect(foreign.body.message).toBe('La sección no pertenece al espacio del evento.');
  });

  it('crash and retry: batches committed before the crash stay, the retry finishes with exact counts and no seat twice', async () => {
    const { e, ids, seccionId } = await eventInSpace(30); // 24 seats
    await t.stopWorkers();
    const res = await request(e.id, ids, seccionId);
    const massId = res.body.mass_assignment.id as string;
    // What a run killed after its first committed batch leaves behind: 10 people placed under this mass
    // assignment, the row still 'processing'.
    await t.query(
      `INSERT INTO asiento_asignaciones (evento_interno_id, asiento_id, persona_id, asignacion_masiva_id)
       SELECT $1, s.id, p.id, $3
         FROM (SELECT id, row_number() OVER (ORDER BY fila, numero) rn FROM asientos WHERE seccion_id = $2 AND fila <= 2 ORDER BY fila, numero LIMIT 10) s
         JOIN (SELECT id, row_number() OVER (ORDER BY ord) rn FROM unnest($4::int[]) WITH ORDINALITY u(id, ord)) p USING (rn)`,
      [e.id, seccionId, massId, ids.slice(0, 10)],
    );
    await t.query(`UPDATE asignaciones_masivas SET status = 'processing', processed = 10 WHERE id = $1`, [massId]);
    await t.startWorkers(); // the queued job runs: a retry
    const m = await done(e.id, massId);
    expect(m).toMatchObject({ assigned_count: 24, failed_count: 6 });
    expect(m.message).toBe('Se asignaron 24 personas exitosamente. 6 no pudieron ser asignadas.');
    expect(await noSeatTwice(e.id)).toBe(24);
    // Run again (a duplicate delivery after the end): nothing changes.
    await t.workers!.get(MassAssignJob).handle({ massAssignmentId: massId });
    expect(await noSeatTwice(e.id)).toBe(24);
    expect(await done(e.id, massId)).toMatchObject({ assigned_count: 24, failed_count: 6 });
  });

  it('two runs of the same job at once (duplicate delivery) and single assignments meanwhile: no seat twice, exact counts', async () => {
    const { e, ids, seccionId } = await eventInSpace(30); // 24 seats
    await t.stopWorkers();
    const res = await request(e.id, ids.slice(0, 20), seccionId);
    const massId = res.body.mass_assignment.id as string;
    await t.startWorkers();
    const job = t.workers!.get(MassAssignJob);
    const seats = await t.query<{ id: number }>(`SELECT id FROM asientos WHERE seccion_id = $1 ORDER BY fila DESC, numero DESC`, [
      seccionId,
    ]);
    const singles = ids
      .slice(20, 30)
      .map((id, i) => t.as(admin).post(`/api/eventos-internos/${e.id}/assign-seat`).send({ persona_id: id, asiento_id: seats[i].id }));
    await Promise.all([job.handle({ massAssignmentId: massId }), job.handle({ massAssignmentId: massId }), ...singles]);
    const m = await done(e.id, massId);
    const total = await noSeatTwice(e.id);
    const singlesOk = total - m.assigned_count;
    expect(total).toBe(24);
    expect(m.assigned_count + m.failed_count).toBe(20);
    expect(singlesOk).toBe(24 - m.assigned_count);
    const [{ mine }] = await t.query<{ mine: number }>(
      `SELECT count(*)::int AS mine FROM asiento_asignaciones WHERE asignacion_masiva_id = $1`,
      [massId],
    );
    expect(mine).toBe(m.assigned_count);
  });

  it('undo of the last mass assignment releases exactly the seats it gave that are still held by the same people', async () => {
    const { e, ids, seccionId } = await eventInSpace(10);
    const first = await request(e.id, ids.slice(0, 2), seccionId);
    await done(e.id, first.body.mass_assignment.id);
    const res = await request(e.id, ids.slice(2, 8), seccionId);
    const m = await done(e.id, res.body.mass_assignment.id);
    expect(m.assigned_count).toBe(6);
    const olderUndo = await t.as(admin).post(`/api/eventos-internos/${e.id}/mass-assign-seats/${first.body.mass_assignment.id}/undo`);
    expect(olderUndo.status).toBe(409);
    expect(olderUndo.body.message).toBe('Solo se puede deshacer la última asignación masiva, una vez terminada.');

    // One of its people is moved by hand (released, then given another seat): no longer under the mass assignment.
    const [moved] = await t.query<{ id: number }>(
      `SELECT id FROM asiento_asignaciones WHERE asignacion_masiva_id = $1 AND persona_id = $2`,
      [m.id, ids[2]],
    );
    await t.as(admin).delete(`/api/eventos-internos/${e.id}/remove-seat/${moved.id}`).expect(200);
    const [free] = await t.query<{ id: number }>(
      `SELECT s.id FROM asientos s WHERE s.seccion_id = $1 AND NOT EXISTS (SELECT 1 FROM asiento_asignaciones aa WHERE aa.evento_interno_id = $2 AND aa.asiento_id = s.id) ORDER BY s.fila DESC LIMIT 1`,
      [seccionId, e.id],
    );
    await t.as(admin).post(`/api/eventos-internos/${e.id}/assign-seat`).send({ persona_id: ids[2], asiento_id: free.id }).expect(201);

    const watcher = await t.socket(admin);
    await t.join(watcher, `internal-event-seating:${e.id}`);
    // The undo's own push (the hand release above may still be on its way).
    const pushed = nextPush(
      watcher,
      'seating.changed',
      ARRIVAL_TIMEOUT_MS,
      (p) => (p.data as { mass_assignment_id?: string }).mass_assignment_id === m.id,
    );
    const undo = await t.as(admin).post(`/api/eventos-internos/${e.id}/mass-assign-seats/${m.id}/undo`);
    expect(undo.status).toBe(201);
    expect(undo.body).toMatchObject({ released_count: 5, message: 'Asignación masiva deshecha: 5 asientos liberados.' });
    expect((await pushed).data).toMatchObject({ mass_assignment_id: m.id });
    expect((await pushed).data.released).toHaveLength(5);
    const left = await seated(e.id);
    expect(left.map((r) => r.persona_id).sort((x, y) => x - y)).toEqual([ids[0], ids[1], ids[2]].sort((x, y) => x - y));
    const twice = await t.as(admin).post(`/api/eventos-internos/${e.id}/mass-assign-seats/${m.id}/undo`);
    expect(twice.status).toBe(409);
  });
});
