import { InternalEventRemindersJob } from '../../api/src/modules/internal-events/jobs/internal-event-reminders.job';
import { applicationBody, createPrograma, registerForProgram } from '../factories/programs';
import { assignPersonas, createInternalEvent, insertPersonas } from '../factories/internal-events';
import { MAILED_PUBLIC_URL as PUBLIC, mailedApp } from '../setup/mailed-app';
import { eventually } from '../setup/test-app';

/**
 * End to end against a real SMTP server (the smtp-server package, started by the test): an internal event's
 * invitation arrives with the code, its QR, the confirmation link and the .ics; a reminder and the programs'
 * messages are rendered and delivered too.
 */
describe("mail: each area's messages received by a real SMTP server", () => {
  const app = mailedApp({ MUNICIPIO: 'Monterrey' });

  // The pipeline's own retries and sweep are its business (test/mail): here, patience for the message to arrive.
  const arrived = (email: string, count = 1) =>
    eventually(
      () => app.sink.received.filter((m) => m.envelope.to.some((to) => to.toLowerCase() === email.toLowerCase())),
      (list) => list.length >= count,
      60_000,
    ).catch(async (err: Error) => {
      const rows = await app.t.query(`SELECT id, template, to_email, status, attempts, last_error FROM correos ORDER BY id`);
      throw new Error(
        `${err.message}; correos: ${JSON.stringify(rows)}; sink: ${JSON.stringify(app.sink.received.map((m) => m.envelope.to))}`,
      );
    });

  it("an invitation: the person's code, its QR (the confirmation link) and the public link with ?codigo=", async () => {
    const e = await createInternalEvent(app.t, app.admin, { titulo: 'Informe Anual de Actividades', ubicacion: 'Sala de Cabildo' });
    const ids = await insertPersonas(app.t, 2, 'SMTP');
    const { asistentes } = await assignPersonas(app.t, app.admin, e.id, ids);
    const res = await app.t
      .as(app.admin)
      .post(`/api/eventos-internos/${e.id}/invitations`)
      .send({ persona_ids: [ids[0]] });
    expect(res.status).toBe(202);
    const [{ correo_electronico: email }] = await app.t.query<{ correo_electronico: string }>(
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
    expect(app.sink.received.filter((m) => m.envelope.to.some((to) => to.startsWith('smtp2')))).toHaveLength(0);
    const [row] = await app.t.query<{ status: string }>(`SELECT status FROM correos WHERE template = 'evento-interno.invitacion'`);
    expect(row.status).toBe('sent');
  }, 90_000);

  it("a confirmed invitee's reminder, and a program's messages, are rendered and delivered", async () => {
    const e = await createInternalEvent(app.t, app.admin, {
      titulo: 'Sesión de Cabildo',
      fecha_evento: new Date(Date.now() + 23 * 3600_000).toISOString(),
      fecha_fin: null,
    });
    const [p] = await insertPersonas(app.t, 1, 'RECORD');
    await assignPersonas(app.t, app.admin, e.id, [p]);
    await app.t.as(app.admin).put(`/api/eventos-internos/${e.id}/asistentes/${p}`).send({ confirmacion: 'confirmado' }).expect(200);
    await app.t.workers!.get(InternalEventRemindersJob).handle();
    const [reminder] = await arrived('record1@correo.mx');
    expect((await reminder.parse()).subject).toBe('Recordatorio: Sesión de Cabildo');

    const programa = await createPrograma(app.t, app.admin);
    const res = await registerForProgram(app.t, programa.slug, applicationBody(7, { correo_electronico: 'luisa.cantu@correo.mx' }));
    expect(res.status).toBe(201);
    await app.t
      .as(app.admin)
      .put(`/api/programas-servicios/${programa.id}/registrations/${res.body.registration.id}/status`)
      .send({ status: 'confirmado' })
      .expect(200);
    const both = await arrived('luisa.cantu@correo.mx', 2);
    const subjects = await Promise.all(both.map(async (m) => (await m.parse()).subject));
    expect(subjects.sort()).toEqual([`Recibimos tu solicitud: ${programa.nombre}`, `Tu solicitud fue confirmada: ${programa.nombre}`]);
  }, 180_000);
});
