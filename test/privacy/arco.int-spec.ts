import { RegistrationRemindersJob } from '../../api/src/modules/external-events/jobs/registration-reminders.job';
import { PrivacySweepJob } from '../../api/src/modules/privacy/jobs/privacy-sweep.job';
import { ARCO_FILED_MESSAGE, type ArcoRequestResponse, type PersonalDataExport } from '../../api/src/shared/contracts/privacy.contract';
import { ROOMS } from '../../api/src/shared/events/socket-events';
import { addBusinessDays, dateInZone, lftHolidaySet } from '../../api/src/shared/rules/business-days';
import { createEvent, registerForEvent, registrationBody, joinWaitlistConfirmed } from '../factories/external-events';
import { applicationBody, createPrograma, registerForProgram, joinProgramWaitlistConfirmed } from '../factories/programs';
import { createPersona } from '../factories/personas';
import { MAILED_PUBLIC_URL as PUBLIC, mailedApp } from '../setup/mailed-app';
import type { SinkMessage } from '../setup/smtp-sink';
import { eventually, nextPush } from '../setup/test-app';

/**
 * End to end through a real SMTP server: a citizen files an ARCO request for an address, proves it by
 * the mailed link, the privacidad staff see it in their queue (live, with its legal due date) and resolve it by
 * type — acceso (an export of everything held, downloaded by a signed link), rectificación (fields corrected where
 * they live), cancelación (anonymised everywhere, counts unchanged, audit scrubbed), oposición (the suppression list
 * the mail pipeline honours) — and reminder mails carry a one-click unsubscribe (RFC 8058).
 */
describe('ARCO requests (LGPDPPSO arts. 43–56) end to end', () => {
  const app = mailedApp(
    {
      PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000',
      PUBLIC_READ_LIMIT_PER_MINUTE: '100000',
      PRIVACY_REMINDER_BUSINESS_DAYS: '25',
      WAITLIST_JOIN_LIMIT_PER_MINUTE: '100000',
    },
    60_000,
  );
  let staff: { id: number; token: string };
  let n = 0;

  beforeAll(async () => {
    staff = await app.t.createUser(app.admin, {
      email: 'transparencia@monterrey.test',
      name: 'Unidad de Transparencia',
      permissions: { privacidad: ['view', 'edit'] },
    });
  });

  const arrived = (email: string, match: (m: SinkMessage) => boolean | Promise<boolean> = () => true, count = 1) =>
    eventually(
      async () => {
        const list = app.sink.received.filter((m) => m.envelope.to.some((to) => to.toLowerCase() === email.toLowerCase()));
        const ok: SinkMessage[] = [];
        for (const m of list) if (await match(m)) ok.push(m);
        return ok;
      },
      (list) => list.length >= count,
      60_000,
    ).catch(async (err: Error) => {
      const rows = await app.t.query(`SELECT id, template, to_email, status, last_error FROM correos ORDER BY id`);
      throw new Error(`${err.message}; correos: ${JSON.stringify(rows)}`);
    });
  const subjectHas = (text: string) => async (m: SinkMessage) => ((await m.parse()).subject ?? '').includes(text);
  const linkIn = async (m: SinkMessage, pattern: RegExp) => {
    const found = pattern.exec((await m.parse()).text ?? '');
    if (!found) throw new Error(`no link ${pattern} in ${(await m.parse()).text}`);
    return found;
  };

  /** Everything a citizen leaves in each area, under one address. */
  async function citizenWithData(email: string) {
    n++;
    const event = await createEvent(app.t, app.admin, { title: `Feria ARCO ${n}` });
    expect((await registerForEvent(app.t, event.slug, registrationBody(1000 + n, { email })).expect(201)).body).toBeTruthy();
    const full = await createEvent(app.t, app.admin, { title: `Concierto Lleno ${n}`, max_attendees: 1 });
    await registerForEvent(app.t, full.slug, registrationBody(2000 + n)).expect(201);
    await joinWaitlistConfirmed(app.t, full.slug, registrationBody(3000 + n, { email }));
    const program = await createPrograma(app.t, app.admin, { nombre: `Impulso ARCO ${n}` });
    await registerForProgram(app.t, program.slug, applicationBody(4000 + n, { correo_electronico: email })).expect(201);
    const fullProgram = await createPrograma(app.t, app.admin, { nombre: `Taller Lleno ${n}`, max_participantes: 1 });
    await registerForProgram(app.t, fullProgram.slug, applicationBody(5000 + n)).expect(201);
    await joinProgramWaitlistConfirmed(app.t, fullProgram.slug, applicationBody(6000 + n, { correo_electronico: email }));
    const persona = await createPersona(app.t, app.admin, {
      nombre: 'LUCÍA',
      apellido_paterno: 'TREVIÑO',
      apellido_materno: 'SALINAS',
      correo_electronico: email,
      telefono_celular: String(8180000000 + n),
    });
    // The registration's confirmation reached the citizen: a message with a body held about the address.
    await arrived(email, subjectHas('Feria ARCO'));
    return { event, full, program, fullProgram, persona };
  }

  /** Files a request and proves the address by the mailed link; answers the request as the staff queue shows it. */
  async function fileAndConfirm(tipo: string, email: string, descripcion?: string): Promise<ArcoRequestResponse> {
    const res = await app.t
      .http()
      .post('/api/privacidad/solicitudes')
      .send({ tipo, nombre: 'Lucía Treviño Salinas', email, ...(descripcion ? { descripcion } : {}) });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: ARCO_FILED_MESSAGE });
    const [mail] = await arrived(email, subjectHas('Confirma tu solicitud'));
    const [, token] = await linkIn(mail, /\/privacidad\/confirmar\/([^\s]+)/);
    expect((await app.t.http().get(`/api/privacidad/solicitudes/confirmar/${token}`).expect(200)).body).toMatchObject({
      confirmada: false,
    });
    const confirmed = await app.t.http().post(`/api/privacidad/solicitudes/confirmar/${token}`).expect(200);
    const list = await app.t.as(staff.token).get('/api/privacidad/solicitudes?status=pendiente').expect(200);
    const found = (list.body.solicitudes as ArcoRequestResponse[]).find((s) => s.folio === confirmed.body.folio);
    expect(found).toBeDefined();
    app.sink.received.splice(app.sink.received.indexOf(mail), 1); // the next request to the address gets its own link
    return found!;
  }

  it('filing answers 202 the same way; staff see a request only once its address is proved, live, with its legal due date', async () => {
    const email = 'nueva.solicitud@correo.mx';
    const ws = await app.t.socket(staff.token);
    expect((await app.t.join(ws, ROOMS.privacidad)).ok).toBe(true);
    const viewer = await app.t.createUser(app.admin, { email: 'solo-eventos@monterrey.test', permissions: { eventos_externos: ['view'] } });
    expect((await app.t.join(await app.t.socket(viewer.token), ROOMS.privacidad)).ok).toBe(false);

    const res = await app.t.http().post('/api/privacidad/solicitudes').send({ tipo: 'acceso', nombre: 'Ana Garza', email });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: ARCO_FILED_MESSAGE });
    const [mail] = await arrived(email, subjectHas('Confirma tu solicitud'));
    const parsed = await mail.parse();
    expect(parsed.text).toContain(`${PUBLIC}/privacidad/solicitud`); // every mail's footer: the ARCO page
    expect((await app.t.as(staff.token).get('/api/privacidad/solicitudes').expect(200)).body.total).toBe(0);

    const [, token] = await linkIn(mail, /\/privacidad\/confirmar\/([^\s]+)/);
    const pushed = nextPush(ws, 'arco.updated');
    const before = new Date();
    const confirmed = await app.t.http().post(`/api/privacidad/solicitudes/confirmar/${token}`).expect(200);
    const receipt = dateInZone(before, 'America/Monterrey');
    const due = addBusinessDays(receipt, 20, lftHolidaySet(2025, 2030));
    expect(confirmed.body.fecha_limite).toBe(due);
    const push = await pushed;
    expect(push.data.solicitud).toMatchObject({ tipo: 'acceso', email, status: 'pendiente', fecha_limite: due });
    expect(push.data.solicitud.dias_habiles_restantes).toBeGreaterThanOrEqual(19);
    // Again: a no-op that says so; a tampered link: 404.
    expect((await app.t.http().post(`/api/privacidad/solicitudes/confirmar/${token}`).expect(200)).body.message).toMatch(
      /ya estaba confirmada/,
    );
    expect((await app.t.http().post(`/api/privacidad/solicitudes/confirmar/${token.slice(0, -2)}xx`)).status).toBe(404);

    // Reminders: every privacidad staff member (and super app.admin), once per request.
    await app.t.workers!.get(PrivacySweepJob).handle();
    await app.t.workers!.get(PrivacySweepJob).handle();
    const reminders = await app.t.query<{ to_email: string }>(
      `SELECT to_email FROM correos WHERE template = 'privacidad.recordatorio' AND data ->> 'solicitud_id' = $1 ORDER BY to_email`,
      [String(push.data.solicitud.id)],
    );
    expect(reminders.map((r) => r.to_email)).toEqual(['admin@aforo.test', 'transparencia@monterrey.test']);
    await arrived('transparencia@monterrey.test', subjectHas(push.data.solicitud.folio));

    // A request never confirmed is deleted once its link expires.
    await app.t
      .http()
      .post('/api/privacidad/solicitudes')
      .send({ tipo: 'oposicion', nombre: 'Nadie', email: 'nunca.confirma@correo.mx' })
      .expect(202);
    await app.t.query(
      `UPDATE privacidad_solicitudes SET confirmar_hasta = now() - interval '1 minute' WHERE email = 'nunca.confirma@correo.mx'`,
    );
    await app.t.workers!.get(PrivacySweepJob).handle();
    expect(await app.t.query(`SELECT id FROM privacidad_solicitudes WHERE email = 'nunca.confirma@correo.mx'`)).toEqual([]);
  }, 120_000);

  it('acceso: one click builds everything held about the address; the citizen downloads it (HTML and JSON) by a signed link', async () => {
    const email = 'lucia.acceso@correo.mx';
    const data = await citizenWithData(email);
    const request = await fileAndConfirm('acceso', email);
    const detail = await app.t.as(staff.token).get(`/api/privacidad/solicitudes/${request.id}`).expect(200);
    expect(new Set(detail.body.solicitud.registros.map((r: { fuente: string }) => r.fuente))).toEqual(
      new Set(['registros_eventos', 'lista_espera_eventos', 'solicitudes_programas', 'lista_espera_programas', 'personas', 'correos']),
    );

    const resolved = await app.t
      .as(staff.token)
      .post(`/api/privacidad/solicitudes/${request.id}/resolver`)
      .send({ resultado: 'procedente' })
      .expect(200);
    expect(resolved.body.solicitud).toMatchObject({ status: 'atendida', dias_habiles_restantes: null });
    const [answer] = await arrived(email, subjectHas('Respuesta a tu solicitud'));
    const [htmlUrl] = await linkIn(answer, /https:\/\/eventos\.monterrey\.test\/api\/privacidad\/exportacion\/[^\s]+formato=html/);
    const path = htmlUrl.replace(PUBLIC, '');

    const html = await app.t.http().get(path).expect(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.headers['content-disposition']).toMatch(/^attachment; filename="mis-datos-arco-\d{4}-\d{6}\.html"$/);
    expect(html.headers['cache-control']).toBe('no-store');
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    for (const text of [
      email,
      data.event.title,
      data.full.title,
      data.program.nombre,
      data.fullProgram.nombre,
      'TREVIÑO',
      'Correos enviados',
    ])
      expect(html.text).toContain(text);
    expect(html.text).not.toMatch(/<script/i);

    const json = await app.t.http().get(path.replace('formato=html', 'formato=json')).expect(200);
    const exported = JSON.parse(json.text) as PersonalDataExport;
    expect(exported.email).toBe(email);
    const bySource = (s: string) => exported.registros.filter((r) => r.fuente === s);
    expect(bySource('registros_eventos')).toHaveLength(1);
    expect(bySource('registros_eventos')[0].campos).toMatchObject({
      nombre: 'JOSÉ ÁNGEL',
      apellido_paterno: 'GARZA',
      email: email.toUpperCase(),
    });
    expect(bySource('lista_espera_eventos')).toHaveLength(1);
    expect(bySource('solicitudes_programas')[0].referencia).toBe(data.program.nombre);
    expect(bySource('lista_espera_programas')).toHaveLength(1);
    expect(bySource('personas')[0].id).toBe(data.persona.id);
    expect(bySource('correos').length).toBeGreaterThanOrEqual(1);
    // Each download is audited; a tampered link is refused; once expired the file is gone.
    await app.t.flushOutbox();
    await eventually(
      () => app.t.query(`SELECT id FROM audit_logs WHERE event_type = 'privacy-request.export-downloaded'`),
      (r) => r.length >= 2,
    );
    expect((await app.t.http().get(path.replace(/\.[A-Za-z0-9_-]{43}/, '.' + 'A'.repeat(43)))).status).toBe(404);
    await app.t.query(`UPDATE privacidad_solicitudes SET exportacion_hasta = now() - interval '1 second' WHERE id = $1`, [request.id]);
    await app.t.workers!.get(PrivacySweepJob).handle();
    expect((await app.t.http().get(path)).status).toBe(410);
    // Resolved once: a second resolution is refused.
    expect(
      (await app.t.as(staff.token).post(`/api/privacidad/solicitudes/${request.id}/resolver`).send({ resultado: 'procedente' })).status,
    ).toBe(409);
  }, 180_000);

  it('rectificación: the fields are corrected where they live (only records of that address), audited', async () => {
    const email = 'lucia.rectifica@correo.mx';
    const other = 'otra.persona@correo.mx';
    const data = await citizenWithData(email);
    const foreign = await registerForEvent(app.t, data.event.slug, registrationBody(7000, { email: other })).expect(201);
    const request = await fileAndConfirm('rectificacion', email, 'Mi apellido materno es SALINAS y mi celular cambió.');
    const { registros } = (await app.t.as(staff.token).get(`/api/privacidad/solicitudes/${request.id}`).expect(200)).body.solicitud;
    const reg = registros.find((r: { fuente: string }) => r.fuente === 'registros_eventos');
    const programRow = registros.find((r: { fuente: string }) => r.fuente === 'solicitudes_programas');

    // A record of another address, or a bad value, is refused and nothing changes.
    const refused = await app.t
      .as(staff.token)
      .post(`/api/privacidad/solicitudes/${request.id}/resolver`)
      .send({
        resultado: 'procedente',
        correcciones: [{ fuente: 'registros_eventos', id: foreign.body.registration.id, campo: 'apellido_materno', valor: 'X' }],
      });
    expect(refused.status).toBe(422);
    expect(refused.body.errors['correcciones.0'][0]).toMatch(/no pertenece/);
    const badDate = await app.t
      .as(staff.token)
      .post(`/api/privacidad/solicitudes/${request.id}/resolver`)
      .send({
        resultado: 'procedente',
        correcciones: [{ fuente: 'registros_eventos', id: reg.id, campo: 'fecha_nacimiento', valor: '1990-02-31' }],
      });
    expect(badDate.status).toBe(422);

    const ok = await app.t
      .as(staff.token)
      .post(`/api/privacidad/solicitudes/${request.id}/resolver`)
      .send({
        resultado: 'procedente',
        respuesta: 'Corregimos tu apellido materno y tu celular.',
        correcciones: [
          { fuente: 'registros_eventos', id: reg.id, campo: 'apellido_materno', valor: 'salinas' },
          { fuente: 'solicitudes_programas', id: programRow.id, campo: 'celular', valor: '8187654321' },
          { fuente: 'personas', id: data.persona.id, campo: 'telefono_celular', valor: '8111111111' },
        ],
      });
    expect(ok.status).toBe(200);
    expect((await app.t.query(`SELECT apellido_materno FROM external_registrations WHERE id = $1`, [reg.id]))[0]).toEqual({
      apellido_materno: 'SALINAS',
    });
    expect(
      (await app.t.query(`SELECT apellido_materno FROM external_registrations WHERE id = $1`, [foreign.body.registration.id]))[0],
    ).toEqual({
      apellido_materno: 'PEÑA',
    });
    expect((await app.t.query(`SELECT celular FROM programa_registros WHERE id = $1`, [programRow.id]))[0]).toEqual({
      celular: '8187654321',
    });
    const [persona] = await app.t.query<{ telefono_celular: string; dedupe_key: string; search_text: string }>(
      `SELECT telefono_celular, dedupe_key, search_text FROM personas WHERE id = $1`,
      [data.persona.id],
    );
    expect(persona.telefono_celular).toBe('8111111111');
    expect(persona.dedupe_key).toContain('8111111111'); // derived columns follow the correction
    expect(persona.search_text).toContain('8111111111');
    await app.t.flushOutbox();
    const [audit] = await eventually(
      () =>
        app.t.query<{ user_id: number; action: string }>(
          `SELECT user_id, action FROM audit_logs WHERE event_type = 'privacy-request.resolved' AND resource_id = $1`,
          [String(request.id)],
        ),
      (r) => r.length === 1,
    );
    expect(audit).toEqual({ user_id: staff.id, action: 'update' });
    const [event] = await app.t.query<{ payload: { cambios: unknown[] } }>(
      `SELECT payload FROM domain_events WHERE type = 'privacy-request.resolved' AND resource_id = $1`,
      [String(request.id)],
    );
    expect(event.payload.cambios).toEqual([
      { fuente: 'registros_eventos', id: reg.id, campo: 'apellido_materno' },
      { fuente: 'solicitudes_programas', id: programRow.id, campo: 'celular' },
      { fuente: 'personas', id: data.persona.id, campo: 'telefono_celular' },
    ]);
    await arrived(email, subjectHas('Respuesta a tu solicitud'));
  }, 180_000);

  it('cancelación: anonymised everywhere, counts and seats unchanged, mail bodies purged, the audit without the data', async () => {
    const email = 'lucia.cancela@correo.mx';
    const data = await citizenWithData(email);
    const counts = () =>
      Promise.all([
        app.t.query(`SELECT current_attendees, held_places, waitlist_count FROM external_events WHERE id = ANY($1::int[]) ORDER BY id`, [
          [data.event.id, data.full.id],
        ]),
        app.t.query(`SELECT participantes_actuales, held_places, waitlist_count FROM programas WHERE id = ANY($1::int[]) ORDER BY id`, [
          [data.program.id, data.fullProgram.id],
        ]),
        app.t.query(
          `SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'registered')::int AS registered FROM external_registrations`,
        ),
        app.t.query(`SELECT count(*)::int AS n FROM personas`),
        app.t.query(`SELECT count(*)::int AS n FROM correos`),
      ]);
    await app.t.flushOutbox();
    await eventually(
      () => app.t.query(`SELECT id FROM audit_logs WHERE resource_type = 'external_registration' AND ip IS NOT NULL`),
      (r) => r.length > 0,
    );
    const request = await fileAndConfirm('cancelacion', email);
    const before = await counts();
    await app.t.as(staff.token).post(`/api/privacidad/solicitudes/${request.id}/resolver`).send({ resultado: 'procedente' }).expect(200);

    expect(await counts()).toEqual(before.map((c, i) => (i === 4 ? [{ n: (c as Array<{ n: number }>)[0].n + 1 }] : c))); // +1: the answer
    const [reg] = await app.t.query<Record<string, string | null>>(
      `SELECT nombre, apellido_paterno, phone, email, curp, empresa, to_char(fecha_nacimiento, 'YYYY-MM-DD') AS fecha, status FROM external_registrations WHERE event_id = $1 AND email LIKE 'anonimizado-%'`,
      [data.event.id],
    );
    expect(reg).toMatchObject({
      nombre: 'Anonimizado',
      apellido_paterno: '',
      phone: '',
      curp: null,
      empresa: null,
      fecha: '1990-01-01',
      status: 'registered',
    });
    expect(reg.email).toMatch(/^anonimizado-external_registrations-\d+@anonimizado\.invalid$/);
    const [persona] = await app.t.query<Record<string, unknown>>(
      `SELECT nombre, correo_electronico, telefono_celular, fecha_nacimiento FROM personas WHERE id = $1`,
      [data.persona.id],
    );
    expect(persona).toEqual({ nombre: 'Anonimizado', correo_electronico: null, telefono_celular: null, fecha_nacimiento: null });
    const [wl] = await app.t.query<{ solicitud: Record<string, unknown>; nombre: string }>(
      `SELECT nombre, solicitud FROM programa_lista_espera WHERE programa_id = $1`,
      [data.fullProgram.id],
    );
    expect(wl.nombre).toBe('Anonimizado');
    expect(wl.solicitud).toMatchObject({ nombre: 'Anonimizado', celular: '', rfc: null });
    expect(JSON.stringify(wl.solicitud)).not.toContain(email);

    // Nothing holds the address any more, except the request itself and its answer.
    const everywhere = await app.t.query<{ t: string }>(
      `SELECT 'external_registrations' AS t FROM external_registrations WHERE email ILIKE $1
        UNION ALL SELECT 'external_waitlist' FROM external_waitlist WHERE email ILIKE $1
        UNION ALL SELECT 'programa_registros' FROM programa_registros WHERE correo_electronico ILIKE $1
        UNION ALL SELECT 'programa_lista_espera' FROM programa_lista_espera WHERE correo_electronico ILIKE $1 OR solicitud::text ILIKE '%' || $1 || '%'
        UNION ALL SELECT 'personas' FROM personas WHERE correo_electronico ILIKE $1
        UNION ALL SELECT 'correos:' || template FROM correos WHERE to_email ILIKE $1 OR html ILIKE '%' || $1 || '%' OR data::text ILIKE '%' || $1 || '%'`,
      [email],
    );
    expect(everywhere.map((r) => r.t)).toEqual(['correos:privacidad.respuesta']);
    const purged = await app.t.query<{ html: string; data: unknown }>(
      `SELECT html, data FROM correos WHERE template = 'registro.confirmacion' AND to_email LIKE 'anonimizado-%'`,
    );
    expect(purged.length).toBeGreaterThan(0);
    expect(purged[0].data).toEqual({ anonimizado: true });
    expect(purged[0].html).toMatch(/Contenido suprimido/);

    // The audit keeps that it happened, without the data: no citizen IP on those rows, no payload in their events.
    const scrubbed = await app.t.query(
      `SELECT id FROM audit_logs WHERE resource_type = 'external_registration' AND resource_id IN
         (SELECT id::text FROM external_registrations WHERE email LIKE 'anonimizado-%') AND ip IS NOT NULL`,
    );
    expect(scrubbed).toEqual([]);
    const events = await app.t.query<{ payload: unknown }>(
      `SELECT payload FROM domain_events WHERE resource_type = 'external_registration' AND resource_id IN
         (SELECT id::text FROM external_registrations WHERE email LIKE 'anonimizado-%') AND published_at IS NOT NULL`,
    );
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(e.payload).toEqual({ anonimizado: true });
    await app.t.flushOutbox();
    await eventually(
      () =>
        app.t.query(`SELECT id FROM audit_logs WHERE event_type = 'privacy-request.resolved' AND resource_id = $1`, [String(request.id)]),
      (r) => r.length === 1,
    );
    await arrived(email, subjectHas('Respuesta a tu solicitud'));
  }, 180_000);

  it('oposición: the address joins the suppression list the mail pipeline honours (stored as Suprimido, never sent); the answer still goes', async () => {
    const email = 'lucia.opone@correo.mx';
    const data = await citizenWithData(email);
    const request = await fileAndConfirm('oposicion', email);
    await app.t.as(staff.token).post(`/api/privacidad/solicitudes/${request.id}/resolver`).send({ resultado: 'procedente' }).expect(200);
    expect(await app.t.query(`SELECT email, motivo FROM correo_supresiones WHERE email = $1`, [email])).toEqual([
      { email, motivo: 'oposicion' },
    ]);
    await arrived(email, subjectHas('Respuesta a tu solicitud'));

    const received = app.sink.received.length;
    const again = await createEvent(app.t, app.admin, { title: 'Otra Feria' });
    await registerForEvent(app.t, again.slug, registrationBody(8000, { email: email.toUpperCase() })).expect(201);
    const [row] = await eventually(
      () =>
        app.t.query<{ status: string; last_error: string }>(
          `SELECT status, last_error FROM correos WHERE template = 'registro.confirmacion' AND ref_id = $1`,
          [again.id],
        ),
      (r) => r.length === 1,
    );
    expect(row.status).toBe('suppressed');
    expect(row.last_error).toMatch(/no recibir correos/);
    await new Promise((r) => setTimeout(r, 1500));
    expect(app.sink.received.slice(received).filter((m) => m.envelope.to.includes(email))).toEqual([]);
    expect(data.event.id).toBeGreaterThan(0);
  }, 180_000);

  it('a message queued before the address was suppressed is suppressed by the send job, not sent', async () => {
    const email = 'cola.previa@correo.mx';
    await app.t.stopWorkers();
    try {
      const event = await createEvent(app.t, app.admin, { title: 'Feria en Cola' });
      await registerForEvent(app.t, event.slug, registrationBody(8100, { email })).expect(201);
      const [queued] = await app.t.query<{ status: string }>(`SELECT status FROM correos WHERE to_email = $1`, [email]);
      expect(queued.status).toBe('queued');
      await app.t.query(`INSERT INTO correo_supresiones (email, motivo) VALUES ($1, 'baja')`, [email]);
    } finally {
      await app.t.startWorkers();
    }
    const [row] = await eventually(
      () => app.t.query<{ status: string }>(`SELECT status FROM correos WHERE to_email = $1`, [email]),
      (r) => r[0]?.status === 'suppressed',
      30_000,
    );
    expect(row.status).toBe('suppressed');
    expect(app.sink.received.filter((m) => m.envelope.to.includes(email))).toEqual([]);
  }, 90_000);

  it('reminders carry an unsubscribe link and List-Unsubscribe (RFC 8058 one-click): a POST adds the address to the same list', async () => {
    const email = 'recordatorio@correo.mx';
    const soon = await createEvent(app.t, app.admin, {
      title: 'Cabildo Abierto',
      event_date: new Date(Date.now() + 20 * 3600_000).toISOString(),
      end_date: new Date(Date.now() + 22 * 3600_000).toISOString(),
    });
    await registerForEvent(app.t, soon.slug, registrationBody(8200, { email })).expect(201);
    await app.t.workers!.get(RegistrationRemindersJob).handle();
    const [reminder] = await arrived(email, subjectHas('Recordatorio'));
    const parsed = await reminder.parse();
    // The headers as written (mailparser folds List-* into one structured value).
    const rawHeaders = (raw: Buffer) =>
      raw
        .toString('utf8')
        .split(/\r?\n\r?\n/)[0]
        .replace(/\r?\n[ \t]+/g, ' ');
    const header = /^List-Unsubscribe: (.+)$/im.exec(rawHeaders(reminder.raw))?.[1] ?? '';
    expect(header).toMatch(/^<https:\/\/eventos\.monterrey\.test\/api\/privacidad\/baja\/[^>]+>$/);
    expect(rawHeaders(reminder.raw)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
    expect(parsed.text).toMatch(/No quiero recibir más correos: https:\/\/eventos\.monterrey\.test\/privacidad\/baja\//);
    // The confirmation (asked for) has no unsubscribe header.
    const [confirmation] = await arrived(email, subjectHas('Registro confirmado'));
    expect(rawHeaders(confirmation.raw)).not.toMatch(/^List-Unsubscribe/im);

    const path = header.slice(1, -1).replace(PUBLIC, '');
    const view = await app.t.http().get(path).expect(200);
    expect(view.body).toEqual({ email: 'r••••••@correo.mx', suprimido: false });
    const oneClick = await app.t
      .http()
      .post(path)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('List-Unsubscribe=One-Click');
    expect(oneClick.status).toBe(200);
    expect(await app.t.query(`SELECT motivo FROM correo_supresiones WHERE email = $1`, [email])).toEqual([{ motivo: 'baja' }]);
    expect((await app.t.http().get(path).expect(200)).body.suprimido).toBe(true);
    await app.t.http().post(path).expect(200); // twice: the same answer
    await app.t.flushOutbox();
    await eventually(
      () => app.t.query(`SELECT id FROM audit_logs WHERE event_type = 'mail.suppressed'`),
      (r) => r.length >= 1,
    );
  }, 120_000);

  it('improcedente needs the reason; input errors are Spanish 4xx', async () => {
    const request = await fileAndConfirm('acceso', 'sin.datos@correo.mx');
    const noReason = await app.t
      .as(staff.token)
      .post(`/api/privacidad/solicitudes/${request.id}/resolver`)
      .send({ resultado: 'improcedente' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.respuesta[0]).toMatch(/Explica/);
    const rect = await app.t.http().post('/api/privacidad/solicitudes').send({ tipo: 'rectificacion', nombre: 'X', email: 'x@correo.mx' });
    expect(rect.status).toBe(422);
    expect(rect.body.errors.descripcion).toBeDefined();
    const bad = await app.t.http().post('/api/privacidad/solicitudes').send({ tipo: 'borrado', nombre: '', email: 'no-es-correo' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'nombre', 'tipo']);
    const done = await app.t
      .as(staff.token)
      .post(`/api/privacidad/solicitudes/${request.id}/resolver`)
      .send({ resultado: 'improcedente', respuesta: 'No encontramos datos asociados a tu correo.' })
      .expect(200);
    expect(done.body.solicitud.status).toBe('improcedente');
    const [answer] = await arrived('sin.datos@correo.mx', subjectHas('Respuesta a tu solicitud'));
    expect((await answer.parse()).text).toContain('No encontramos datos asociados a tu correo.');
  }, 120_000);
});
