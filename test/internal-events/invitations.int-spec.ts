import type { InvitationJobResponse } from '../../api/src/shared/contracts/internal-events.contract';
import { SendInvitationsJob } from '../../api/src/modules/internal-events/jobs/send-invitations.job';
import { assignPersonas, createInternalEvent, insertPersonas } from '../factories/internal-events';
import { ARRIVAL_TIMEOUT_MS, bearer as auth, eventually, nextPush, signedInApp, TestApp } from '../setup/test-app';

/**
 * Internal event invitations by e-mail: POST /api/eventos-internos/{id}/invitations answers 202
 * with ONE job, which queues one message per attendee (code, public link) — once per attendee and request —,
 * marks them invited, and pushes its progress to the event's staff room.
 */
describe('internal events: invitations by e-mail', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s));

  async function eventWith(people: number, overrides: Record<string, unknown> = {}) {
    const e = await createInternalEvent(t, admin, overrides);
    const ids = await insertPersonas(t, people, `INV${e.id}X`);
    await assignPersonas(t, admin, e.id, ids);
    return { e, ids };
  }

  const send = (eventId: number, body: object = {}, token = admin) =>
    t.http().post(`/api/eventos-internos/${eventId}/invitations`).set(auth(token)).send(body);

  const done = (eventId: number, jobId: string) =>
    eventually(
      async () => (await t.as(admin).get(`/api/eventos-internos/${eventId}/invitations/${jobId}`)).body.job as InvitationJobResponse,
      (j) => j?.status === 'completed' || j?.status === 'failed',
    );

  const mails = (eventId: number) =>
    t.query<{ idempotency_key: string; template: string; to_email: string; to_name: string; data: Record<string, unknown> }>(
      `SELECT idempotency_key, template, to_email, to_name, data FROM correos
        WHERE ref_type = 'evento-interno' AND ref_id = $1 AND template = 'evento-interno.invitacion' ORDER BY id`,
      [eventId],
    );

  it('all pending with an e-mail: 202 with the job; one message per attendee with the code and the link data; marked invited; progress pushed', async () => {
    const { e, ids } = await eventWith(6);
    // One confirmed (not pending) and one without an e-mail: neither is in "all pending with an e-mail".
    await t.as(admin).put(`/api/eventos-internos/${e.id}/asistentes/${ids[0]}`).send({ confirmacion: 'confirmado' }).expect(200);
    await t.query(`UPDATE personas SET correo_electronico = NULL WHERE id = $1`, [ids[1]]);
    const watcher = await t.socket(admin);
    await t.join(watcher, `internal-event:${e.id}`);
    const finished = nextPush(watcher, 'internal-event.invitations-progress', ARRIVAL_TIMEOUT_MS, (m) => m.data.job.status === 'completed');
    const batch = nextPush(watcher, 'internal-event.invitations-progress', ARRIVAL_TIMEOUT_MS, (m) => !!m.data.invited);

    const res = await send(e.id);
    expect(res.status).toBe(202);
    expect(res.body.message).toBe('Envío de invitaciones en proceso.');
    expect(res.body.job).toMatchObject({
      status: 'queued',
      total: 4,
      processed: 0,
      queued_count: 0,
      skipped_count: 0,
      evento_interno_id: e.id,
    });
    expect(res.body.job.job_id).toBe(`invitations-${res.body.job.id}`);

    const job = await done(e.id, res.body.job.id);
    expect(job).toMatchObject({ status: 'completed', total: 4, processed: 4, queued_count: 4, skipped_count: 0 });
    expect(job.message).toBe('Se pusieron en cola 4 invitaciones.');

    const rows = await mails(e.id);
    expect(rows.map((r) => Number(r.idempotency_key.split(':')[2])).sort()).toEqual(ids.slice(2).sort());
    const asistentes = (await t.as(admin).get(`/api/eventos-internos/${e.id}/asistentes`).expect(200)).body.asistentes as Array<{
      id: number;
      correo_electronico: string;
      pivot: { confirmation_code: string; invitacion_enviada_at: string | null };
    }>;
    const byId = new Map(asistentes.map((a) => [a.id, a]));
    for (const r of rows) {
      const personaId = r.data.persona_id as number;
      const a = byId.get(personaId)!;
      expect(r.idempotency_key).toBe(`evento-interno.invitacion:${job.id}:${personaId}`);
      expect(r.to_email).toBe(a.correo_electronico);
      expect(r.to_name).toMatch(/^INV\d+X \d+ GARZA LÓPEZ$/);
      expect(r.data).toMatchObject({ evento_id: e.id, slug: e.slug, codigo: a.pivot.confirmation_code });
      expect(r.data.evento).toMatchObject({ titulo: 'Reunión de Gabinete', inicio: '2026-12-10T16:00:00.000Z', lugar: 'Sala de Cabildo' });
      expect(a.pivot.invitacion_enviada_at).not.toBeNull();
    }
    expect(byId.get(ids[0])!.pivot.invitacion_enviada_at).toBeNull();
    expect(byId.get(ids[1])!.pivot.invitacion_enviada_at).toBeNull();

    expect((await finished).data.job).toMatchObject({ queued_count: 4 });
    const pushed = (await batch).data.invited!;
    expect([...pushed.persona_ids].sort()).toEqual(ids.slice(2).sort());
    expect(new Date(pushed.at).toISOString()).toBe(byId.get(ids[2])!.pivot.invitacion_enviada_at);
    // The page opening later reads the same result.
    expect((await t.as(admin).get(`/api/eventos-internos/${e.id}/invitations`).expect(200)).body.job).toMatchObject({
      id: job.id,
      status: 'completed',
    });
  });

  it('chosen attendees: one, or several (one without an e-mail is skipped and counted)', async () => {
    const { e, ids } = await eventWith(3);
    const one = await send(e.id, { persona_ids: [ids[0]] });
    expect(one.status).toBe(202);
    expect(await done(e.id, one.body.job.id)).toMatchObject({
      total: 1,
      queued_count: 1,
      skipped_count: 0,
      message: 'Se puso en cola 1 invitación.',
    });

    await t.query(`UPDATE personas SET correo_electronico = '  ' WHERE id = $1`, [ids[2]]);
    const some = await send(e.id, { persona_ids: [ids[1], ids[2], ids[1]] });
    expect(some.status).toBe(202);
    const job = await done(e.id, some.body.job.id);
    expect(job).toMatchObject({ total: 2, queued_count: 1, skipped_count: 1 });
    expect(job.message).toBe('Se puso en cola 1 invitación. 1 persona no la recibirá (sin correo electrónico o ya no invitada).');
    // A second request to the same person is a new message (a resend); the first stays one.
    expect((await mails(e.id)).map((r) => r.data.persona_id)).toEqual([ids[0], ids[1]]);
  });

  it('idempotent per attendee and request: the job run again (a retry, a duplicate delivery) queues nothing more', async () => {
    const { e } = await eventWith(5);
    const res = await send(e.id);
    const job = await done(e.id, res.body.job.id);
    expect(job.queued_count).toBe(5);
    const handler = t.workers!.get(SendInvitationsJob);
    // The request re-run from scratch, as a crash before the last batch's commit would leave it.
    await t.query(
      `UPDATE envios_invitaciones SET status = 'processing', processed = 0, queued_count = 0, skipped_count = 0 WHERE id = $1`,
      [job.id],
    );
    await Promise.all([handler.handle({ sendId: job.id }), handler.handle({ sendId: job.id })]);
    expect(await mails(e.id)).toHaveLength(5);
    const again = (await t.as(admin).get(`/api/eventos-internos/${e.id}/invitations/${job.id}`)).body.job;
    expect(again).toMatchObject({ status: 'completed', processed: 5, queued_count: 5 });
  });

  it('bad input and states: Spanish 4xx, nothing queued', async () => {
    const { e, ids } = await eventWith(2);
    const outsider = (await insertPersonas(t, 1, 'FUERA'))[0];
    const before = await t.query(`SELECT count(*)::int AS n FROM envios_invitaciones`);
    const cases: Array<[object, number, string]> = [
      [{ persona_ids: [] }, 422, 'Selecciona al menos una persona.'],
      [{ persona_ids: 'todos' }, 422, 'Selecciona al menos una persona.'],
      [{ persona_ids: [0] }, 422, 'Las personas seleccionadas no son válidas.'],
      [{ persona_ids: null }, 422, 'Selecciona al menos una persona.'],
      [{ persona_ids: [ids[0], outsider] }, 422, 'Alguna de las personas seleccionadas no es asistente de este evento.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await send(e.id, body);
      expect([res.status, JSON.stringify(res.body)]).toEqual([status, expect.stringContaining(message)]);
      expect(res.body.message).toMatch(/[a-záéíóúñ]/);
    }
    await t.query(`UPDATE personas SET correo_electronico = NULL WHERE id = ANY($1::int[])`, [ids]);
    const noEmail = await send(e.id, { persona_ids: ids });
    expect([noEmail.status, noEmail.body.message]).toEqual([422, 'Ninguna de las personas seleccionadas tiene correo electrónico.']);
    const nonePending = await send(e.id);
    expect([nonePending.status, nonePending.body.message]).toEqual([409, 'No hay asistentes pendientes con correo electrónico.']);
    const draft = await eventWith(1, { estado: 'borrador' });
    const res = await send(draft.e.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Solo se pueden enviar invitaciones de un evento confirmado/);
    expect((await send(999999)).status).toBe(404);
    expect((await t.as(admin).get(`/api/eventos-internos/${e.id}/invitations/no-es-uuid`)).status).toBe(422);
    expect((await t.as(admin).get(`/api/eventos-internos/${e.id}/invitations/7c1e2a90-3b4d-4f5e-8a6b-1c2d3e4f5a6b`)).status).toBe(404);
    expect(await t.query(`SELECT count(*)::int AS n FROM envios_invitaciones`)).toEqual(before);
  });

  it('permissions as for editing the attendees: edit sends; view only reads the progress; another area nothing', async () => {
    const { e } = await eventWith(1);
    const viewer = await t.createUser(admin, { email: 'inv-ver@aforo.test', permissions: { eventos_internos: ['view'] } });
    const editor = await t.createUser(admin, { email: 'inv-editar@aforo.test', permissions: { eventos_internos: ['view', 'edit'] } });
    const other = await t.createUser(admin, { email: 'inv-otra@aforo.test', permissions: { eventos_externos: ['view', 'edit'] } });
    expect((await t.http().post(`/api/eventos-internos/${e.id}/invitations`).send({})).status).toBe(401);
    expect((await send(e.id, {}, viewer.token)).status).toBe(403);
    expect((await send(e.id, {}, other.token)).status).toBe(403);
    const ok = await send(e.id, {}, editor.token);
    expect(ok.status).toBe(202);
    expect((await t.http().get(`/api/eventos-internos/${e.id}/invitations/${ok.body.job.id}`).set(auth(viewer.token))).status).toBe(200);
    expect((await t.http().get(`/api/eventos-internos/${e.id}/invitations`).set(auth(other.token))).status).toBe(403);
    // A job id of another event is not found through this one.
    const { e: e2 } = await eventWith(1);
    expect((await t.as(admin).get(`/api/eventos-internos/${e2.id}/invitations/${ok.body.job.id}`)).status).toBe(404);
  });
});
