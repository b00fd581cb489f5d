import { InternalEventRemindersJob } from '../../api/src/modules/internal-events/jobs/internal-event-reminders.job';
import { applicationBody, createPrograma, registerForProgram } from '../factories/programs';
import { assignPersonas, createInternalEvent, insertPersonas } from '../factories/internal-events';
import { SmtpSink } from '../setup/smtp-sink';
import { eventually, TestApp } from '../setup/test-app';

const PUBLIC = 'https://eventos.monterrey.test';

/**
 * End to end against a real SMTP server (the smtp-server package, started by the test): an internal event's
 * invitation arrives with the code, its QR, the confirmation link and the .ics; a reminder and the programs'
 * messages are rendered and delivered too.
 */
describe("mail: each area's messages received by a real SMTP server", () => {
  let sink: SmtpSink;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    t = await TestApp.start({
      env: { SMTP_URL: sink.url, MAIL_FROM: 'Aforo <no-responder@eventos.monterrey.test>', PUBLIC_URL: PUBLIC, MUNICIPIO: 'Monterrey' },
    });
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  // The pipeline's own retries and sweep are its business (test/mail): here, patience for the message to arrive.
  const arrived = (email: string, count = 1) =>
    eventually(
      () => sink.received.filter((m) => m.envelope.to.some((to) => to.toLowerCase() === email.toLowerCase())),
      (list) => list.length >= count,
      60_000,
    ).catch(async (err: Error) => {
      const rows = await t.query(`SELECT id, template, to_email, status, attempts, last_error FROM correos ORDER BY id`);
      throw new Error(`${err.message}; correos: ${JSON.stringify(rows)}; sink: ${JSON.stringify(sink.received.map((m) => m.envelope.to))}`);
    });

  it("an invitation: the person's code, its QR (the confirmation link) and the public link with ?codigo=", async () => {
    const e = await createInternalEvent(t, admin, { titulo: 'Informe Anual de Actividades', ubicacion: 'Sala de Cabildo' });
    const ids = await insertPersonas(t, 2, 'SMTP');
    const { asistentes } = await assignPersonas(t, admin, e.id, ids);
    const res = await t
      .as(admin)
      .post(`/api/eventos-internos/${e.id}/invitations`)
      .send({ persona_ids: [ids[0]] });
    expect(res.status).toBe(202);
    const [{ correo_electronico: email }] = await t.query<{ correo_electronico: string }>(
      `SELECT correo_electronico FROM personas WHERE id = $1`,
      [ids[0]],
    );
    const [received] = await arrived(email);
    const code = asistentes.find((a) => a.id === ids[0])!.pivot.confirmation_code;
    const parsed = await received.parse();
    expect(parsed.subject).toBe('Invitación: Informe Anual de Actividades');
    expect(parsed.text).toContain(`Hola, SMTP 1.`);
    expect(parsed.text).toContain(code);
    const link = `${PUBLIC}/evento-interno/${e.slug}?codigo=${code}`;
    expect(parsed.text).toContain(link);
    expect(parsed.html).toContain(`href="${link.replace('=', '&#61;')}"`); // '=' escaped in the attribute
    expect(parsed.text).toMatch(/Sala de Cabildo/);
    expect(parsed.text).toMatch(/\d{1,2}:\d{2}\s[ap]\.\sm\./); // es-MX, 12 h
    const qr = parsed.attachments.find((a) => a.contentType === 'image/png');
    expect(qr?.contentDisposition).toBe('inline');
    expect(parsed.html).toContain(`cid:${qr!.cid}`);
    const ics = parsed.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    expect(ics?.content.toString('utf8')).toContain(`SUMMARY:Informe Anual de Actividades`);
    // Only the one chosen: the other attendee got nothing.
    expect(sink.received.filter((m) => m.envelope.to.some((to) => to.startsWith('smtp2')))).toHaveLength(0);
    const [row] = await t.query<{ status: string }>(`SELECT status FROM correos WHERE template = 'evento-interno.invitacion'`);
    expect(row.status).toBe('sent');
  }, 90_000);

  it("a confirmed invitee's reminder, and a program's messages, are rendered and delivered", async () => {
    const e = await createInternalEvent(t, admin, {
      titulo: 'Sesión de Cabildo',
      fecha_evento: new Date(Date.now() + 23 * 3600_000).toISOString(),
      fecha_fin: null,
    });
    const [p] = await insertPersonas(t, 1, 'RECORD');
    await assignPersonas(t, admin, e.id, [p]);
    await t.as(admin).put(`/api/eventos-internos/${e.id}/asistentes/${p}`).send({ confirmacion: 'confirmado' }).expect(200);
    await t.workers!.get(InternalEventRemindersJob).handle();
    const [reminder] = await arrived('record1@correo.mx');
    expect((await reminder.parse()).subject).toBe('Recordatorio: Sesión de Cabildo');

    const programa = await createPrograma(t, admin);
    const res = await registerForProgram(t, programa.slug, applicationBody(7, { correo_electronico: 'luisa.cantu@correo.mx' }));
    expect(res.status).toBe(201);
    await t
      .as(admin)
      .put(`/api/programas-servicios/${programa.id}/registrations/${res.body.registration.id}/status`)
      .send({ status: 'confirmado' })
      .expect(200);
    const both = await arrived('luisa.cantu@correo.mx', 2);
    const subjects = await Promise.all(both.map(async (m) => (await m.parse()).subject));
    expect(subjects.sort()).toEqual([`Recibimos tu solicitud: ${programa.nombre}`, `Tu solicitud fue confirmada: ${programa.nombre}`]);
  }, 180_000);
});
