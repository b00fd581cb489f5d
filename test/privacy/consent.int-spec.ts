import { SignedLinks } from '../../api/src/core/links/signed-links';
import { createEvent, joinEventWaitlist, joinWaitlistConfirmed, registerForEvent, registrationBody } from '../factories/external-events';
import { applicationBody, createPrograma, joinProgramWaitlist, registerForProgram } from '../factories/programs';
import { signedInApp, TestApp } from '../setup/test-app';

const NOTICE = 'Aviso de prueba del municipio.\n\nSegundo párrafo.';

/**
 * The consent record: the privacy notice in versions; every public form's row keeps which version was
 * accepted and when; a call without a version records the current one; a new version rewrites nothing.
 */
describe('privacy notice versions and the consent of each public form', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s), { env: { PRIVACY_NOTICE: NOTICE, WAITLIST_JOIN_LIMIT_PER_MINUTE: '100000' } });

  const consentOf = (table: string, emailColumn: string, email: string) =>
    t
      .query<{ aviso_version: number | null; aviso_aceptado_at: Date | null }>(
        `SELECT aviso_version, aviso_aceptado_at FROM ${table} WHERE lower(${emailColumn}) = lower($1)`,
        [email],
      )
      .then((rows) => rows[0]);

  it('PRIVACY_NOTICE is version 1, served at the same public path with its version', async () => {
    const res = await t.http().get('/api/public/privacy-notice').expect(200);
    expect(res.body).toEqual({ title: 'Aviso de Privacidad', text: NOTICE, version: 1, published_at: expect.any(String) });
  });

  it('records the version per form; without one, the current; a new version rewrites nothing; an unknown one is a 400', async () => {
    const e = await createEvent(t, admin, { max_attendees: 2 });
    const p = await createPrograma(t, admin, { max_participantes: 1 });

    // Version 1: one registration sending it, one without (a client of the spec's body).
    const before = new Date(Date.now() - 1000);
    await registerForEvent(t, e.slug, registrationBody(1, { aviso_version: 1 })).expect(201);
    await registerForEvent(t, e.slug, registrationBody(2)).expect(201);
    await registerForProgram(t, p.slug, applicationBody(1, { aviso_version: 1 })).expect(201);
    for (const email of ['persona1@correo.mx', 'persona2@correo.mx']) {
      const c = await consentOf('external_registrations', 'email', email);
      expect(c.aviso_version).toBe(1);
      expect(c.aviso_aceptado_at!.getTime()).toBeGreaterThan(before.getTime());
    }
    expect((await consentOf('programa_registros', 'correo_electronico', 'solicitante1@correo.mx')).aviso_version).toBe(1);

    // Staff publish version 2.
    const published = await t.as(admin).post('/api/privacidad/avisos').send({ texto: '  Aviso nuevo.  ' }).expect(201);
    expect(published.body).toMatchObject({
      aviso: { version: 2, texto: 'Aviso nuevo.', vigente: true },
      message: 'Nueva versión del aviso publicada',
    });
    const current = await t.http().get('/api/public/privacy-notice').expect(200);
    expect(current.body).toMatchObject({ version: 2, text: 'Aviso nuevo.' });
    const list = await t.as(admin).get('/api/privacidad/avisos').expect(200);
    expect(list.body.avisos.map((a: { version: number; vigente: boolean }) => [a.version, a.vigente])).toEqual([
      [2, true],
      [1, false],
    ]);

    // Old records keep version 1.
    expect((await consentOf('external_registrations', 'email', 'persona1@correo.mx')).aviso_version).toBe(1);
    expect((await consentOf('programa_registros', 'correo_electronico', 'solicitante1@correo.mx')).aviso_version).toBe(1);

    // The event and the program are full now: the waitlists. Without a version: the current (2); a form that still
    // showed version 1 records 1.
    await registerForEvent(t, e.slug, registrationBody(3)).expect(409);
    await joinEventWaitlist(t, e.slug, registrationBody(3)).expect(202);
    await joinEventWaitlist(t, e.slug, registrationBody(4, { aviso_version: 1 })).expect(202);
    await joinProgramWaitlist(t, p.slug, applicationBody(2)).expect(202);
    await joinProgramWaitlist(t, p.slug, applicationBody(3, { aviso_version: 2 })).expect(202);
    expect((await consentOf('external_waitlist', 'email', 'persona3@correo.mx')).aviso_version).toBe(2);
    expect((await consentOf('external_waitlist', 'email', 'persona4@correo.mx')).aviso_version).toBe(1);
    expect((await consentOf('programa_lista_espera', 'correo_electronico', 'solicitante2@correo.mx')).aviso_version).toBe(2);
    expect((await consentOf('programa_lista_espera', 'correo_electronico', 'solicitante3@correo.mx')).aviso_version).toBe(2);

    // A version never published: 400 in Spanish, per field, nothing written.
    for (const res of [
      await registerForEvent(t, e.slug, registrationBody(5, { aviso_version: 99 })),
      await joinEventWaitlist(t, e.slug, registrationBody(5, { aviso_version: 99 })),
      await registerForProgram(t, (await createPrograma(t, admin)).slug, applicationBody(5, { aviso_version: 99 })),
      await joinProgramWaitlist(t, p.slug, applicationBody(5, { aviso_version: 99 })),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/La versión del aviso de privacidad no existe/);
      expect(res.body.errors.aviso_version).toHaveLength(1);
    }
    expect(await t.query(`SELECT 1 FROM external_waitlist WHERE lower(email) = 'persona5@correo.mx'`)).toEqual([]);
    // Not a number: the usual 422 of a bad field.
    const bad = await registerForEvent(t, e.slug, registrationBody(6, { aviso_version: 'uno' }));
    expect(bad.status).toBe(422);
    expect(bad.body.errors.aviso_version).toBeDefined();
  });

  it('an accepted waitlist offer keeps the consent given when joining', async () => {
    const e = await createEvent(t, admin, { max_attendees: 1 });
    await registerForEvent(t, e.slug, registrationBody(11)).expect(201);
    await joinWaitlistConfirmed(t, e.slug, registrationBody(12, { aviso_version: 1 }));
    const [reg] = await t.query<{ id: number }>(`SELECT id FROM external_registrations WHERE lower(email) = 'persona11@correo.mx'`);
    await t.as(admin).delete(`/api/eventos-externos/${e.id}/registrations/${reg.id}`).expect(200);
    const [entry] = await t.query<{ id: number; aviso_aceptado_at: Date; status: string; offered_until: Date }>(
      `SELECT id, aviso_aceptado_at, status, offered_until FROM external_waitlist WHERE lower(email) = 'persona12@correo.mx'`,
    );
    expect(entry.status).toBe('offered');
    // A new version meanwhile: the registration still records what was accepted when joining.
    await t.as(admin).post('/api/privacidad/avisos').send({ texto: 'Aviso tres.' }).expect(201);
    const token = t.app.get(SignedLinks).sign('accept-waitlist-offer', entry.id, entry.offered_until);
    await t.http().post(`/api/lista-espera/aceptar/${token}`).expect(201);
    const c = await consentOf('external_registrations', 'email', 'persona12@correo.mx');
    expect(c.aviso_version).toBe(1);
    expect(c.aviso_aceptado_at!.getTime()).toBe(new Date(entry.aviso_aceptado_at).getTime());
  });

  it('publishing: privacidad edit or super admin; view lists; others refused; an empty text is a 422', async () => {
    const viewer = await t.createUser(admin, { email: 'aviso-ver@aforo.test', permissions: { privacidad: ['view'] } });
    const editor = await t.createUser(admin, { email: 'aviso-editar@aforo.test', permissions: { privacidad: ['view', 'edit'] } });
    const other = await t.createUser(admin, { email: 'aviso-otro@aforo.test', permissions: { programas_servicios: ['view', 'edit'] } });
    await t.as(viewer.token).get('/api/privacidad/avisos').expect(200);
    await t.as(viewer.token).post('/api/privacidad/avisos').send({ texto: 'x' }).expect(403);
    await t.as(other.token).get('/api/privacidad/avisos').expect(403);
    await t.http().post('/api/privacidad/avisos').send({ texto: 'x' }).expect(401);
    const empty = await t.as(editor.token).post('/api/privacidad/avisos').send({ texto: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.texto).toEqual(['El texto del aviso es obligatorio.']);
    const ok = await t.as(editor.token).post('/api/privacidad/avisos').send({ texto: 'Aviso del editor.' }).expect(201);
    expect(ok.body.aviso.publicado_por).toEqual({ id: editor.id, name: 'Usuario Prueba' });
  });
});
