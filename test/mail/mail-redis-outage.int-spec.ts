import { QueueWorkers } from '../../workers/src/queue-workers';
import { createEvent, registerForEvent, registrationBody } from '../factories/external-events';
import { assignPersonas, createInternalEvent, insertPersonas } from '../factories/internal-events';
import { OwnRedis } from '../setup/redis-server';
import { SmtpSink } from '../setup/smtp-sink';
import { eventually, TestApp } from '../setup/test-app';

/**
 * Redis down while mail is queued (docs/decisions/correos.md, «Fallas»): the workers run, the test stops its own
 * redis-server, and citizens keep registering and staff keep sending invitations. The API answers as usual (each
 * message is a row written in the change's PostgreSQL transaction); when Redis is back — with its data, or empty —
 * every message queued meanwhile reaches the SMTP server, each recipient once.
 */
describe('mail while Redis is down: the API answers, and every message is sent once Redis is back', () => {
  let redis: OwnRedis;
  let sink: SmtpSink;
  let t: TestApp;
  let admin: string;
  let person = 0;

  beforeAll(async () => {
    redis = await OwnRedis.start();
    sink = await SmtpSink.start();
    t = await TestApp.start({
      redisUrl: redis.url,
      env: { SMTP_URL: sink.url, PUBLIC_WRITE_LIMIT_PER_MINUTE: '1000', MAIL_RETRY_DELAY_MS: '500' },
    });
    admin = await t.login();
  });

  afterAll(async () => {
    if (redis && !redis.running) await redis.start(); // a failed test may leave it down: the app closes through it
    await t?.close();
    await redis?.remove();
    await sink?.stop();
  });

  const delivered = (emails: string[]) =>
    eventually(
      () => emails.filter((email) => sink.to(email).length === 0),
      (missing) => missing.length === 0,
      90_000,
    ).catch(async (err: Error) => {
      const rows = await t.query(`SELECT id, to_email, status, attempts, last_error FROM correos WHERE status <> 'sent' ORDER BY id`);
      throw new Error(`${err.message}; correos not sent: ${JSON.stringify(rows)}`);
    });
  const emailsOf = async (personaIds: number[]) =>
    (
      await t.query<{ correo_electronico: string }>(`SELECT correo_electronico FROM personas WHERE id = ANY($1) ORDER BY id`, [personaIds])
    ).map((r) => r.correo_electronico);

  /** While Redis is down: citizens register and staff send invitations; every answer as usual, every message a queued row. */
  const queueDuringOutage = async (tag: string) => {
    const event = await createEvent(t, admin, { title: `Feria del Libro ${tag}` });
    const internal = await createInternalEvent(t, admin, { titulo: `Sesión de Cabildo ${tag}` });
    const personaIds = await insertPersonas(t, 4, `CABILDO${tag}`);
    await assignPersonas(t, admin, internal.id, personaIds);

    await redis.stop();
    const registrants: string[] = [];
    for (let i = 0; i < 5; i++) {
      const body = registrationBody(++person, { email: `corte${tag.toLowerCase()}${i}@correo.mx` });
      const res = await registerForEvent(t, event.slug, body);
      expect(res.status).toBe(201);
      registrants.push(body.email);
    }
    const invited = await t.as(admin).post(`/api/eventos-internos/${internal.id}/invitations`).send({});
    expect(invited.status).toBe(202);
    // The confirmations are rows of correos, queued in the registrations' transactions; nothing went out.
    const rows = await t.query<{ status: string }>(`SELECT status FROM correos WHERE to_email = ANY($1)`, [registrants]);
    expect(rows.map((r) => r.status)).toEqual(registrants.map(() => 'queued'));
    await new Promise((r) => setTimeout(r, 1500)); // the workers try Redis meanwhile (NOTIFYs arrive, jobs cannot be added)
    expect(registrants.some((email) => sink.to(email).length > 0)).toBe(false);
    return { registrants, invitees: await emailsOf(personaIds) };
  };

  const sentOnce = async (emails: string[]) => {
    await delivered(emails);
    await new Promise((r) => setTimeout(r, 1500)); // a late duplicate would arrive now
    for (const email of emails) expect(sink.to(email)).toHaveLength(1);
    const messageIds = sink.received.map((m) => m.messageId);
    expect(new Set(messageIds).size).toBe(messageIds.length);
    const rows = await t.query<{ status: string }>(`SELECT status FROM correos WHERE to_email = ANY($1)`, [emails]);
    expect(rows).toHaveLength(emails.length);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  };

  it('before the outage, mail flows', async () => {
    const event = await createEvent(t, admin, { title: 'Feria del Libro antes' });
    const body = registrationBody(++person, { email: 'antes@correo.mx' });
    expect((await registerForEvent(t, event.slug, body)).status).toBe(201);
    await sentOnce(['antes@correo.mx']);
  });

  it('Redis stopped and started again with its data: everything queued meanwhile is sent, each once', async () => {
    const { registrants, invitees } = await queueDuringOutage('A');
    await redis.start();
    await sentOnce([...registrants, ...invitees]);
  }, 150_000);

  it('Redis back empty (its data lost): the messages are sent from PostgreSQL, each once, and the sweep is scheduled again', async () => {
    const { registrants, invitees } = await queueDuringOutage('B');
    await redis.start({ empty: true });
    await sentOnce([...registrants, ...invitees]);
    // The schedules live in Redis: the workers put them back, so the sweep keeps covering lost notifications.
    const schedules = await eventually(
      () => t.workers!.get(QueueWorkers).schedules(),
      (list) => list.some((s) => s.id === 'mail-sweep'),
    );
    expect(schedules.map((s) => s.id)).toContain('mail-sweep');
  }, 150_000);
});
