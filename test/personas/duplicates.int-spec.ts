import { ROOMS } from '../../api/src/shared/events/socket-events';
import { PersonalDataRegistry } from '../../api/src/core/privacy/personal-data-registry';
import { PrivacyService } from '../../api/src/modules/privacy/privacy.service';
import { DedupeKeysJob } from '../../api/src/modules/personas/jobs/dedupe-keys.job';
import { createNamedPersona, duplicatePairOf as pairOf, listDuplicates } from '../factories/personas';
import { eventually, nextPush, TestApp, signedInApp } from '../setup/test-app';

describe('possible duplicates in the people database', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s));

  const list = (page = 1) => listDuplicates(t, admin, page);
  /** Uploads a CSV and waits for its import to complete: its id and final status. */
  const importCsv = async (csv: string, name: string) => {
    const upload = await t.as(admin).post('/api/personas/import-csv').attach('file', Buffer.from(csv), name);
    expect(upload.status).toBe(202);
    const importId = upload.body.import_id as string;
    const done = await eventually(
      async () => (await t.as(admin).get(`/api/personas/import-csv/${importId}`)).body,
      (b) => b.status === 'completed',
    );
    return { importId, done };
  };

  it('lists pairs with their reasons, best first; not father and son', async () => {
    const jose = await createNamedPersona(t, admin, ['José Luis', 'Garza', 'Treviño'], {
      telefono_celular: '8112345678',
      correo_electronico: 'jlgarza@mty.gob.mx',
    });
    const joseMail = await createNamedPersona(t, admin, ['J. Luis', 'Garza', 'T.'], { correo_electronico: 'JLGARZA@MTY.GOB.MX' });
    const joseTypo = await createNamedPersona(t, admin, ['Jose Luis', 'Garsa', 'Treviño']);
    const father = await createNamedPersona(t, admin, ['Juan', 'Pérez', 'López'], { fecha_nacimiento: '1958-01-20' });
    const son = await createNamedPersona(t, admin, ['Juan', 'Pérez', 'López'], { fecha_nacimiento: '1986-07-11' });

    const page = await list();
    expect(page).toMatchObject({ current_page: 1, per_page: 10, min_score: 50 });
    expect(pairOf(page, jose.id, joseMail.id)?.reasons).toEqual(['mismo correo', 'inicial: JOSE / J', 'inicial: TREVINO / T']);
    expect(pairOf(page, jose.id, joseTypo.id)?.reasons).toEqual(['nombre casi igual: GARZA / GARSA']);
    expect(pairOf(page, father.id, son.id)).toBeUndefined();
    // Best first.
    const scores = page.data.map((p) => p.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores.every((s) => s >= page.min_score)).toBe(true);
  });

  it('follows a change of name at once, and a pair set aside is never listed again', async () => {
    const a = await createNamedPersona(t, admin, ['Rosa María', 'Cantú', 'Elizondo']);
    const b = await createNamedPersona(t, admin, ['Rosa Maria', 'Cantu', 'Elizondo']);
    expect(pairOf(await list(), a.id, b.id)?.reasons).toEqual(['mismo nombre']);
    // Renamed: the old keys go with the old name.
    await t.as(admin).put(`/api/personas/${b.id}`).send({ nombre: 'Hilda', apellido_paterno: 'Montemayor', apellido_materno: 'Ruiz' });
    expect(pairOf(await list(), a.id, b.id)).toBeUndefined();
    await t.as(admin).put(`/api/personas/${b.id}`).send({ nombre: 'Rosa Ma.', apellido_paterno: 'Cantú', apellido_materno: 'Elizondo' });
    expect(pairOf(await list(), a.id, b.id)).toBeDefined();

    const watcher = await t.socket(admin);
    expect(await t.join(watcher, ROOMS.personas)).toEqual({ ok: true });
    const pushed = nextPush(watcher, 'personas.changed', undefined, (m) => m.data.reason === 'duplicate-dismissed');
    const res = await t
      .as(admin)
      .post('/api/personas/duplicados/descartar')
      .send({ persona_ids: [b.id, a.id] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ persona_ids: [a.id, b.id], created: true, message: 'Marcadas como personas distintas' });
    await pushed;
    expect(pairOf(await list(), a.id, b.id)).toBeUndefined();
    const again = await t
      .as(admin)
      .post('/api/personas/duplicados/descartar')
      .send({ persona_ids: [a.id, b.id] });
    expect(again.body.created).toBe(false);
    const [audit] = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM domain_events WHERE type = 'persona.duplicate-dismissed'`);
    expect(audit.n).toBe(1);
  });

  it('answers bad input with a Spanish 4xx and follows the personas permissions', async () => {
    const a = await createNamedPersona(t, admin, ['Alma', 'Flores']);
    const send = (token: string, body: unknown) =>
      t
        .as(token)
        .post('/api/personas/duplicados/descartar')
        .send(body as object);
    const same = await send(admin, { persona_ids: [a.id, a.id] });
    expect(same.status).toBe(422);
    expect(same.body.message).toBe('Indica dos personas distintas.');
    const three = await send(admin, { persona_ids: [1, 2, 3] });
    expect(three.status).toBe(422);
    expect(three.body.errors.persona_ids).toContain('Indica exactamente dos personas.');
    expect((await send(admin, { persona_ids: 'x' })).status).toBe(422);
    const missing = await send(admin, { persona_ids: [a.id, 999999] });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('La persona no existe.');
    expect((await t.as(admin).get('/api/personas/duplicados?page=0')).status).toBe(422);

    const viewer = await t.createUser(admin, { email: 'dup-view@aforo.test', permissions: { personas: ['view'] } });
    const outsider = await t.createUser(admin, { email: 'dup-none@aforo.test', permissions: { eventos_externos: ['view'] } });
    expect((await t.as(viewer.token).get('/api/personas/duplicados')).status).toBe(200);
    expect((await t.as(outsider.token).get('/api/personas/duplicados')).status).toBe(403);
    expect((await send(viewer.token, { persona_ids: [a.id, a.id + 1] })).status).toBe(403);
  });

  it('an ARCO anonymisation or any other change of name drops the keys that held the old data', async () => {
    const a = await createNamedPersona(t, admin, ['Teresa', 'Salinas'], { telefono_celular: '8177777777' });
    expect(await t.query(`SELECT clave FROM persona_duplicado_claves WHERE persona_id = $1 ORDER BY clave`, [a.id])).toEqual([
      { clave: 'SALINAS TERESA' },
      { clave: 'T:8177777777' },
    ]);
    await t.query(`UPDATE personas SET nombre = 'ANONIMIZADO', apellido_paterno = '', telefono_celular = NULL WHERE id = $1`, [a.id]);
    expect(await t.query(`SELECT clave FROM persona_duplicado_claves WHERE persona_id = $1`, [a.id])).toEqual([]);
    // Listing is a read: it keys no one (a GET that wrote would take locks and work on every page view).
    await list();
    expect(await t.query(`SELECT persona_id FROM persona_duplicado_indexadas WHERE persona_id = $1`, [a.id])).toEqual([]);
    // The scheduled job (personas.dedupe-keys) keys whoever a path outside the screens left without keys.
    await t.workers!.get(DedupeKeysJob).handle();
    expect(await t.query(`SELECT persona_id FROM persona_duplicado_indexadas WHERE persona_id = $1`, [a.id])).toEqual([
      { persona_id: a.id },
    ]);
    expect(await t.query(`SELECT clave FROM persona_duplicado_claves WHERE persona_id = $1`, [a.id])).toEqual([]);
  });

  it('on import: certain duplicates are not created and reported by name, probable ones wait for review', async () => {
    const jose = await createNamedPersona(t, admin, ['José Luis', 'Garza', 'Zertuche'], { telefono_celular: '8122345678' });
    const lucia = await createNamedPersona(t, admin, ['Lucía', 'Sada', 'Zambrano']);
    const lupe = await createNamedPersona(t, admin, ['María Guadalupe', 'Hernández', 'Soto']);
    const csv = [
      'nombre,contacto',
      'JOSE LUIS GARZA,+52 1 81 2234 5678',
      'Lucia Sada Zambrano,8100000009',
      'Marta Nueva Persona,8100000010',
      'Ma. Guadalupe Hernández Soto,8100000011',
      'Pedro Sin Igual Robles,8100000012',
    ].join('\n');
    const { importId, done } = await importCsv(csv, 'dup.csv');
    expect(done).toMatchObject({ imported: 2, skipped: 1, por_revisar: 2, total: 5 });
    // Not created blind: only the two new people are in the table.
    const written = await t.query<{ telefono_celular: string }>(
      `SELECT telefono_celular FROM personas WHERE import_id = $1 ORDER BY telefono_celular`,
      [importId],
    );
    expect(written.map((r) => r.telefono_celular)).toEqual(['8100000010', '8100000012']);

    const review = await t.as(admin).get(`/api/personas/import-csv/${importId}/duplicados`);
    expect(review.status).toBe(200);
    expect(review.body.omitidas).toEqual([
      expect.objectContaining({
        fila: 2,
        nombre_completo: 'JOSE LUIS GARZA',
        persona: expect.objectContaining({ id: jose.id, nombre_completo: 'JOSÉ LUIS GARZA ZERTUCHE' }),
        reasons: ['mismo celular', 'nombre incompleto: falta ZERTUCHE'],
      }),
    ]);
    expect(review.body.por_revisar).toEqual([
      expect.objectContaining({
        fila: 3,
        persona: expect.objectContaining({ id: lucia.id }),
        reasons: ['mismo nombre'],
        estado: 'pendiente',
      }),
      expect.objectContaining({
        fila: 5,
        persona: expect.objectContaining({ id: lupe.id }),
        reasons: ['mismo nombre'],
        estado: 'pendiente',
      }),
    ]);

    const decide = (fila: number, accion: string) =>
      t.as(admin).post(`/api/personas/import-csv/${importId}/duplicados/${fila}/${accion}`).send();
    const created = await decide(3, 'crear');
    expect(created.status).toBe(200);
    expect(created.body.fila).toMatchObject({ fila: 3, estado: 'creada', creada_id: expect.any(Number) });
    const [row] = await t.query<{ nombre: string; telefono_celular: string }>(
      `SELECT nombre, telefono_celular FROM personas WHERE id = $1`,
      [created.body.fila.creada_id],
    );
    expect(row).toEqual({ nombre: 'LUCIA', telefono_celular: '8100000009' });
    const twice = await decide(3, 'descartar');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Esta fila ya fue revisada.');
    // Two staff deciding the same row at once: one wins, the other gets a clear 409.
    const raced = await Promise.all([decide(5, 'crear'), decide(5, 'descartar')]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await decide(2, 'crear')).status).toBe(404);
    expect((await decide(99, 'crear')).status).toBe(404);
    expect((await decide(3, 'fusionar')).status).toBe(404);
    const after = (await t.as(admin).get(`/api/personas/import-csv/${importId}`)).body;
    expect(after.por_revisar).toBe(0);
    expect(after.imported).toBe(raced.some((r) => r.status === 200 && r.body.fila.estado === 'creada') ? 4 : 3);
  });
  it('the import rows that matched someone are personal data an ARCO request reaches: access lists them, cancellation anonymises them', async () => {
    const email = 'rocio.arco@correo.mx';
    await createNamedPersona(t, admin, ['Rocío', 'Villarreal', 'Montemayor'], { correo_electronico: email });
    const csv = ['nombre,contacto', 'Rocio Villarreal Montemayor,8100000077'].join('\n');
    const { importId, done } = await importCsv(csv, 'arco.csv');
    expect(done).toMatchObject({ imported: 0, por_revisar: 1 });

    const held = (await t.app.get(PrivacyService).recordsOf(email)).filter((r) => r.fuente === 'importaciones_personas');
    expect(held).toEqual([
      expect.objectContaining({
        id: 2,
        referencia: 'Importación arco.csv, fila 2',
        campos: expect.objectContaining({ nombre: 'ROCIO', apellido_paterno: 'VILLARREAL', telefono_celular: '8100000077' }),
      }),
    ]);
    // A cancellation runs every holder in order, in one transaction, as PrivacyService.resolve does.
    await t.db.transaction(async (m) => {
      for (const holder of t.app.get(PersonalDataRegistry).all()) await holder.anonymizeByEmail(m, email);
    });
    expect(
      await t.query(
        `SELECT nombre, apellido_paterno, apellido_materno, telefono_celular, reasons FROM persona_import_duplicados WHERE import_id = $1`,
        [importId],
      ),
    ).toEqual([{ nombre: 'Anonimizado', apellido_paterno: '', apellido_materno: '', telefono_celular: null, reasons: [] }]);
  });
});
