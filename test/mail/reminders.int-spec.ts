import { Client } from 'pg';
import { QueueWorkers } from '../../workers/src/queue-workers';
import { RegistrationRemindersJob } from '../../api/src/modules/external-events/jobs/registration-reminders.job';
import { InternalEventRemindersJob } from '../../api/src/modules/internal-events/jobs/internal-event-reminders.job';
import { REMINDERS_EVERY_MS } from '../../api/src/modules/mail/reminders';
import { createEvent, registerForEvent, registrationBody } from '../factories/external-events';
import { assignPersonas, createInternalEvent, insertPersonas } from '../factories/internal-events';
import { eventually, signedInApp, TestApp } from '../setup/test-app';
import { queuedMails } from './mail-factories';

const HOUR = 60 * 60 * 1000;
const hoursAhead = (h: number) => new Date(Date.now() + h * HOUR).toISOString();
/** The start part of a reminder's key: UTC to the minute, 20261213T0100Z. */
const startKey = (at: string | Date) =>
  new Date(at)
    .toISOString()
    .replace(/:\d\d\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

/**
 * Day-before reminders: each area's scheduled job queues the reminders of its own records — once
 * per start (key recordatorio:<kind>:<id>:<start>), to the right people, for events starting within 24 h. Time is controlled by
 * creating events 23 h and 25 h ahead.
 */
describe('reminders the day before', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s));

  const reminders = (template: string) => queuedMails(t, 'template = $1', [template], 'idempotency_key');

  it('are scheduled in the workers (one job scheduler per area, every 15 minutes)', async () => {
    const schedules = await eventually(
      () => t.workers!.get(QueueWorkers).schedules(),
      (found) => found.some((s) => s.id === 'external-events-reminders') && found.some((s) => s.id === 'internal-events-reminders'),
    );
    expect(schedules).toEqual(
      expect.arrayContaining([
        { id: 'external-events-reminders', every: REMINDERS_EVERY_MS },
        { id: 'internal-events-reminders', every: REMINDERS_EVERY_MS },
      ]),
    );
  });

  it('external events: registrants holding a place of a published event starting within 24 h, exactly once', async () => {
    const soonStart = hoursAhead(23);
    const soon = await createEvent(t, admin, {
      event_date: soonStart,
      end_date: hoursAhead(25),
      location: 'Parque Fundidora, Monterrey',
    });
    const later = await createEvent(t, admin, { event_date: hoursAhead(25), end_date: null });
    const cancelledEvent = await createEvent(t, admin, { event_date: hoursAhead(23), end_date: null });
    const reg = async (slug: string, i: number) => {
      const res = await registerForEvent(t, slug, registrationBody(i));
      expect(res.status).toBe(201);
      const [row] = await t.query<{ id: number }>(`SELECT id FROM external_registrations WHERE lower(email) = $1`, [
        `persona${i}@correo.mx`,
      ]);
      return row.id;
    };
    const [a, b, c] = [await reg(soon.slug, 1), await reg(soon.slug, 2), await reg(soon.slug, 3)];
    await reg(later.slug, 4);
    await reg(cancelledEvent.slug, 5);
    // A cancelled registration frees its place: no reminder. A cancelled event: none either.
    await t.query(`UPDATE external_registrations SET status = 'cancelled' WHERE id = $1`, [c]);
    await t.query(`UPDATE external_events SET status = 'cancelled' WHERE id = $1`, [cancelledEvent.id]);

    const job = t.workers!.get(RegistrationRemindersJob);
    // Two workers running the schedule at the same time, then the next run: still one each.
    await Promise.all([job.handle(), job.handle()]);
    await job.handle();
    const rows = await reminders('registro.recordatorio');
    const start = startKey(soonStart);
    expect(rows.map((r) => r.idempotency_key)).toEqual([a, b].map((id) => `recordatorio:evento-externo:${id}:${start}`).sort());
    expect(rows.map((r) => r.to_email.toLowerCase())).toEqual(['persona1@correo.mx', 'persona2@correo.mx']);
    expect(rows.every((r) => r.ref_id === soon.id)).toBe(true);
    const [stored] = await t.query<{ nombre: string; apellido_paterno: string; apellido_materno: string; codigo: string }>(
      `SELECT nombre, apellido_paterno, apellido_materno, codigo FROM external_registrations WHERE id = $1`,
      [a],
    );
    expect(rows[0].to_name).toBe(`${stored.nombre} ${stored.apellido_paterno} ${stored.apellido_materno}`);
    expect(rows[0].data).toMatchObject({
      registro_id: a,
      evento_id: soon.id,
      slug: soon.slug,
      nombre: stored.nombre,
      codigo: stored.codigo,
      evento: { titulo: soon.title, lugar: 'Parque Fundidora, Monterrey' },
    });
    expect(new Date((rows[0].data.evento as { inicio: string }).inicio).getTime()).toBeGreaterThan(Date.now() + 22 * HOUR);

    // The event moves (half an hour later) after its reminders went out: each registrant gets one more, with the
    // new time; running again adds nothing.
    const moved = new Date(new Date(soonStart).getTime() + HOUR / 2);
    await t.query(`UPDATE external_events SET event_date = $2 WHERE id = $1`, [soon.id, moved]);
    await Promise.all([job.handle(), job.handle()]);
    await job.handle();
    const after = await reminders('registro.recordatorio');
    expect(after.map((r) => r.idempotency_key)).toEqual(
      [a, b].flatMap((id) => [start, startKey(moved)].map((s) => `recordatorio:evento-externo:${id}:${s}`)).sort(),
    );
    const latest = after.filter((r) => r.idempotency_key.endsWith(startKey(moved)));
    expect(latest.map((r) => (r.data.evento as { inicio: string }).inicio)).toEqual([moved.toISOString(), moved.toISOString()]);
  });

  it('internal events: invitees who confirmed, of a confirmed event starting within 24 h, exactly once', async () => {
    const soonStart = hoursAhead(23);
    const soon = await createInternalEvent(t, admin, { fecha_evento: soonStart, fecha_fin: null, ubicacion: 'Sala de Cabildo' });
    const later = await createInternalEvent(t, admin, { fecha_evento: hoursAhead(25), fecha_fin: null });
    const cancelled = await createInternalEvent(t, admin, { fecha_evento: hoursAhead(23), fecha_fin: null });
    const people = await insertPersonas(t, 4, 'RECORDAR');
    for (const e of [soon, later, cancelled]) await assignPersonas(t, admin, e.id, people);
    const confirm = (eventId: number, personaId: number, confirmacion = 'confirmado') =>
      t.as(admin).put(`/api/eventos-internos/${eventId}/asistentes/${personaId}`).send({ confirmacion }).expect(200);
    // soon: 0 and 1 confirmed, 2 pending, 3 declined (rechazado: set in the table, no button sets it).
    await confirm(soon.id, people[0]);
    await confirm(soon.id, people[1]);
    await t.query(`UPDATE evento_asistentes SET confirmacion = 'rechazado' WHERE evento_interno_id = $1 AND persona_id = $2`, [
      soon.id,
      people[3],
    ]);
    await confirm(later.id, people[0]);
    await confirm(cancelled.id, people[0]);
    await t
      .as(admin)
      .put(`/api/eventos-internos/${cancelled.id}`)
      .send({ titulo: 'Cancelada', fecha_evento: hoursAhead(23), tipo: 'reunion', estado: 'cancelado' })
      .expect(200);

    const job = t.workers!.get(InternalEventRemindersJob);
    await Promise.all([job.handle(), job.handle()]);
    await job.handle();
    const rows = await reminders('evento-interno.recordatorio');
    expect(rows.map((r) => r.idempotency_key)).toEqual(
      [people[0], people[1]].map((p) => `recordatorio:evento-interno:${soon.id}:${p}:${startKey(soonStart)}`).sort(),
    );
    const codes = new Map(
      (
        await t.query<{ persona_id: number; confirmation_code: string }>(
          `SELECT persona_id, confirmation_code FROM evento_asistentes WHERE evento_interno_id = $1`,
          [soon.id],
        )
      ).map((r) => [r.persona_id, r.confirmation_code]),
    );
    for (const r of rows) {
      expect(r.ref_id).toBe(soon.id);
      expect(r.data).toMatchObject({ evento_id: soon.id, slug: soon.slug, codigo: codes.get(r.data.persona_id as number) });
      expect(r.data.evento).toMatchObject({ lugar: 'Sala de Cabildo', fin: null });
      expect(r.to_name).toMatch(/^RECORDAR \d GARZA LÓPEZ$/);
    }
  });

  it('a run wakes the mail dispatcher with ONE notification for all its reminders, not one per message', async () => {
    const external = await createEvent(t, admin, { event_date: hoursAhead(23), end_date: null });
    for (const i of [21, 22, 23]) expect((await registerForEvent(t, external.slug, registrationBody(i))).status).toBe(201);
    const internal = await createInternalEvent(t, admin, { fecha_evento: hoursAhead(23), fecha_fin: null });
    const people = await insertPersonas(t, 2, 'AVISAR');
    await assignPersonas(t, admin, internal.id, people);
    for (const p of people)
      await t.as(admin).put(`/api/eventos-internos/${internal.id}/asistentes/${p}`).send({ confirmacion: 'confirmado' }).expect(200);

    const listener = new Client({ connectionString: t.config.databaseUrl });
    await listener.connect();
    try {
      const payloads: string[] = [];
      listener.on('notification', (n) => {
        if (n.channel === 'aforo_mail') payloads.push(n.payload ?? '');
      });
      await listener.query('LISTEN aforo_mail');
      const idsOf = async (template: string, refId: number) =>
        (await t.query<{ id: string }>(`SELECT id FROM correos WHERE template = $1 AND ref_id = $2 ORDER BY id`, [template, refId])).map(
          (r) => String(r.id),
        );
      /** The notifications one run of `job` sends: waits for the first, then 300 ms, by when a second would have arrived. */
      const notificationsOf = async (job: typeof RegistrationRemindersJob | typeof InternalEventRemindersJob) => {
        payloads.length = 0;
        await t.workers!.get(job).handle();
        await eventually(
          async () => payloads.length,
          (n) => n >= 1,
        );
        await new Promise((r) => setTimeout(r, 300));
        return [...payloads];
      };

      const registrationsRun = await notificationsOf(RegistrationRemindersJob);
      expect(registrationsRun).toEqual([(await idsOf('registro.recordatorio', external.id)).join(',')]);
      expect(registrationsRun[0].split(',')).toHaveLength(3);
      const internalEventsRun = await notificationsOf(InternalEventRemindersJob);
      expect(internalEventsRun).toEqual([(await idsOf('evento-interno.recordatorio', internal.id)).join(',')]);
      expect(internalEventsRun[0].split(',')).toHaveLength(2);
    } finally {
      await listener.end();
    }
  });
});
