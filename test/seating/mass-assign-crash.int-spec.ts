import type { MassAssignmentResponse } from '../../api/src/shared/contracts/seating.contract';
import { MASS_ASSIGN_BATCH } from '../../api/src/modules/seating/jobs/mass-assign.job';
import { createInternalEvent, ensureInvited, insertPersonas } from '../factories/internal-events';
import { createEspacio, seccion } from '../factories/spaces';
import { eventually, appPerFile, TestApp, bearer } from '../setup/test-app';

/**
 * The workers process killed (SIGKILL, no shutdown hook) in the middle of a mass assignment and
 * started again: BullMQ hands the stalled job to the new process, which finishes it with exact counts and
 * no seat or person twice.
 */
describe('seating: mass assignment survives the workers process being killed mid-job', () => {
  let t: TestApp;

  // A short job lock, so the stalled job is handed over within seconds of the crash; not shorter: on a loaded CI machine
  // a 1.5 s lock lapsed while the restarted workers ran the job, which then counted as stalled twice.
  appPerFile((app) => (t = app), { workers: false, env: { JOB_LOCK_MS: '5000' } });

  it('killed after its first batches: the restarted workers finish it, exact counts, no seat twice', async () => {
    const admin = await t.login();
    const auth = bearer(admin);
    // 10,000 seats and 12,000 people: five batches seat everyone they can, the rest fail for lack of seats.
    const seats = 10_000;
    const people = 12_000;
    const espacio = await createEspacio(t, admin, { secciones: [seccion('A', 100, 100)], layout_config: '1' });
    const e = await createInternalEvent(t, admin);
    await t
      .http()
      .post(`/api/eventos-internos/${e.id}/assign-espacio`)
      .set(auth)
      .send({ espacio_id: espacio.id, permite_seleccion_asiento: true })
      .expect(201);
    const ids = await insertPersonas(t, people, 'CAIDA');
    await ensureInvited(t, e.id, ids);
    const [sec] = await t.query<{ id: number }>('SELECT id FROM secciones WHERE espacio_id = $1', [espacio.id]);

    const res = await t
      .http()
      .post(`/api/eventos-internos/${e.id}/mass-assign-seats`)
      .set(auth)
      .send({ persona_ids: ids, seccion_id: sec.id });
    expect(res.status).toBe(202);
    const massId = res.body.mass_assignment.id as string;
    const state = async () =>
      (
        await t.query<{ status: string; processed: number }>('SELECT status, processed FROM asignaciones_masivas WHERE id = $1', [massId])
      )[0];
    const seatedByIt = async () =>
      (await t.query<{ n: number }>('SELECT count(*)::int AS n FROM asiento_asignaciones WHERE asignacion_masiva_id = $1', [massId]))[0].n;

    // First process: killed as soon as a batch has committed.
    const first = t.spawnWorkersProcess();
    await eventually(state, (s) => s.processed > 0, 60000);
    await t.killWorkersProcess(first);
    const atCrash = await state();
    const placedAtCrash = await seatedByIt();
    expect(atCrash.status).toBe('processing');
    expect(atCrash.processed).toBeLessThan(people);
    expect(placedAtCrash).toBeGreaterThanOrEqual(MASS_ASSIGN_BATCH);
    expect(placedAtCrash).toBeLessThan(seats);

    // Second process: the stalled job is run again and resumes.
    t.spawnWorkersProcess();
    const m = await eventually(
      async () =>
        (await t.http().get(`/api/eventos-internos/${e.id}/mass-assign-seats/${massId}`).set(auth)).body
          .mass_assignment as MassAssignmentResponse,
      (x) => x?.status === 'completed' || x?.status === 'failed',
      180000, // a bound for a loaded CI machine, not a speed claim
    );
    expect(m).toMatchObject({ status: 'completed', assigned_count: seats, failed_count: people - seats });
    expect(m.message).toBe(`Se asignaron ${seats} personas exitosamente. ${people - seats} no pudieron ser asignadas.`);
    const [r] = await t.query<{ n: number; seats: number; people: number; mine: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT asiento_id)::int AS seats, count(DISTINCT persona_id)::int AS people,
              count(*) FILTER (WHERE asignacion_masiva_id = $2)::int AS mine
         FROM asiento_asignaciones WHERE evento_interno_id = $1`,
      [e.id, massId],
    );
    expect(r).toEqual({ n: seats, seats, people: seats, mine: seats });
  }, 300000);
});
