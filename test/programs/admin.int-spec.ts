import {
  applicationBody,
  businessApplicationBody,
  createPrograma,
  postPrograma,
  programaBody,
  registerForProgram,
} from '../factories/programs';
import { eventually, TestApp, signedInApp } from '../setup/test-app';

describe('programs administration (spec 3 §2.6, §4, §5, §7)', () => {
  let t: TestApp;
  let admin: string;
  const put = (id: number, body: object) => t.as(admin).put(`/api/programas-servicios/${id}`).send(body);
  const places = async (id: number) =>
    (
      await t.query<{ actuales: number; holding: number }>(
        `SELECT participantes_actuales AS actuales,
                (SELECT count(*)::int FROM programa_registros WHERE programa_id = $1 AND status <> 'cancelado') AS holding
           FROM programas WHERE id = $1`,
        [id],
      )
    )[0];

  signedInApp((s) => ({ t, admin } = s), { env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000' } });

  it('creates with the defaults (continuo, draft), uppercasing nombre, ubicacion, requisitos and beneficios', async () => {
    const res = await t
      .as(admin)
      .post('/api/programas-servicios')
      .send({
        nombre: '  Mujeres   que Emprenden ',
        descripcion: 'Capacitación para emprendedoras.',
        ubicacion: 'casa de la cultura',
        max_participantes: '',
        requisitos: [' ine vigente ', '', 'curp'],
        beneficios: ['capital semilla'],
      });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Programa creado exitosamente');
    expect(res.body.programa).toEqual({
      id: expect.any(Number),
      slug: 'mujeres-que-emprenden',
      nombre: 'MUJERES QUE EMPRENDEN',
      descripcion: 'Capacitación para emprendedoras.',
      tipo: 'continuo',
      fecha_inicio: null,
      fecha_fin: null,
      ubicacion: 'CASA DE LA CULTURA',
      max_participantes: null,
      status: 'draft',
      requisitos: ['INE VIGENTE', 'CURP'],
      beneficios: ['CAPITAL SEMILLA'],
      es_destacado: false,
      participantes_actuales: 0,
      held_places: 0,
      waitlist_count: 0,
      imagen_url: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const same = await createPrograma(t, admin, { nombre: 'Mujeres que emprenden' });
    expect(same.slug).toBe('mujeres-que-emprenden-2');
    const list = await t.as(admin).get('/api/programas-servicios').expect(200);
    expect(list.body.programas.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([res.body.programa.id, same.id]));
  });

  it('every rule of the form on the server, with a Spanish message per field', async () => {
    const bad = await t
      .as(admin)
      .post('/api/programas-servicios')
      .send({
        nombre: ' ',
        tipo: 'mensual',
        max_participantes: 0,
        status: 'archivado',
        requisitos: ['x'.repeat(501)],
        extra: true,
      });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      nombre: ['El nombre es obligatorio.'],
      descripcion: ['La descripción es obligatoria.'],
      tipo: ['El tipo debe ser Continuo o Fecha Específica.'],
      max_participantes: ['El máximo de participantes debe ser al menos 1 (déjalo vacío para no tener límite).'],
      status: ['El estado debe ser Borrador, Publicado o Cerrado.'],
      requisitos: ['Cada requisito no debe tener más de 500 caracteres.'],
      extra: ['El campo extra no está permitido.'],
    });
    const notInt = await postPrograma(t, admin, { max_participantes: 'diez' });
    expect(notInt.body.errors).toEqual({ max_participantes: ['El máximo de participantes debe ser un número entero.'] });
    const noStart = await postPrograma(t, admin, { tipo: 'fecha_especifica' });
    expect(noStart.status).toBe(422);
    expect(noStart.body.errors).toEqual({ fecha_inicio: ['La fecha de inicio es obligatoria para un programa de fecha específica.'] });
    const backwards = await postPrograma(t, admin, {
      tipo: 'fecha_especifica',
      fecha_inicio: '2027-05-10T15:00:00.000Z',
      fecha_fin: '2027-05-09T15:00:00.000Z',
    });
    expect(backwards.body.errors).toEqual({ fecha_fin: ['La fecha de fin no puede ser anterior a la fecha de inicio.'] });
    const dated = await createPrograma(t, admin, {
      tipo: 'fecha_especifica',
      fecha_inicio: '2027-05-10T15:00:00.000Z',
      fecha_fin: '2027-05-10T15:00:00.000Z',
      max_participantes: 25,
    });
    expect(dated).toMatchObject({ max_participantes: 25, fecha_inicio: '2027-05-10T15:00:00.000Z', fecha_fin: '2027-05-10T15:00:00.000Z' });
    // Dates belong to fecha_especifica only: a continuous program keeps none.
    const continuo = await createPrograma(t, admin, { tipo: 'continuo', fecha_inicio: '2027-05-10T15:00:00.000Z' });
    expect(continuo).toMatchObject({ fecha_inicio: null, fecha_fin: null });
    expect(await t.query(`SELECT count(*)::int AS n FROM programas WHERE nombre = ' '`)).toEqual([{ n: 0 }]);
  });

  it('updates with the full payload; the slug stays; capacity cannot drop below the places held', async () => {
    const p = await createPrograma(t, admin, { max_participantes: 5 });
    await registerForProgram(t, p.slug, applicationBody(1)).expect(201);
    await registerForProgram(t, p.slug, applicationBody(2)).expect(201);
    const res = await put(p.id, programaBody({ nombre: 'Nombre nuevo', status: 'closed', max_participantes: 2 }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Programa actualizado exitosamente');
    expect(res.body.programa).toMatchObject({ nombre: 'NOMBRE NUEVO', slug: p.slug, status: 'closed', max_participantes: 2 });
    const below = await put(p.id, programaBody({ max_participantes: 1 }));
    expect(below.status).toBe(422);
    expect(below.body.errors).toEqual({
      max_participantes: ['El máximo de participantes no puede ser menor que los registros activos (2).'],
    });
    const unlimited = await put(p.id, programaBody({ max_participantes: null }));
    expect(unlimited.body.programa.max_participantes).toBeNull();
    expect((await put(999999, programaBody())).status).toBe(404);
    const partial = await put(p.id, { nombre: 'Solo nombre' });
    expect(partial.status).toBe(422);
    expect(partial.body.errors).toEqual({ descripcion: ['La descripción es obligatoria.'], tipo: ['El tipo es obligatorio.'] });
  });

  it('the star: es_destacado alone, at most one featured program (the others lose it), guarded by the database', async () => {
    const a = await createPrograma(t, admin);
    const b = await createPrograma(t, admin, { status: 'draft' });
    expect((await put(a.id, { es_destacado: true })).body.programa.es_destacado).toBe(true);
    expect((await put(b.id, { es_destacado: true })).body.programa.es_destacado).toBe(true);
    const featured = await t.query<{ id: number }>(`SELECT id FROM programas WHERE es_destacado`);
    expect(featured).toEqual([{ id: b.id }]);
    expect((await put(b.id, { es_destacado: false })).body.programa.es_destacado).toBe(false);
    expect(await t.query(`SELECT id FROM programas WHERE es_destacado`)).toEqual([]);
    const mixed = await put(a.id, { ...programaBody(), es_destacado: true });
    expect(mixed.status).toBe(422);
    expect(mixed.body.errors).toEqual({ es_destacado: ['El estado destacado se cambia por separado, sin otros campos.'] });
    expect((await put(a.id, { es_destacado: 'sí' })).body.errors).toEqual({
      es_destacado: ['El estado destacado debe ser verdadero o falso.'],
    });
    // Parallel stars on different programs: exactly one ends featured.
    const many = await Promise.all(Array.from({ length: 6 }, () => createPrograma(t, admin)));
    const results = await Promise.all(many.map((p) => put(p.id, { es_destacado: true })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await t.query(`SELECT count(*)::int AS n FROM programas WHERE es_destacado`)).toEqual([{ n: 1 }]);
    await expect(t.query(`UPDATE programas SET es_destacado = true WHERE id IN ($1, $2)`, [a.id, b.id])).rejects.toThrow(
      /programas_one_featured/,
    );
  });

  it('deletes only drafts (409 in Spanish otherwise), and never a draft that has registrations', async () => {
    const published = await createPrograma(t, admin);
    const res = await t.as(admin).delete(`/api/programas-servicios/${published.id}`);
    expect([res.status, res.body.message]).toEqual([409, 'Solo se pueden eliminar programas en borrador.']);
    for (const status of ['closed']) {
      const p = await createPrograma(t, admin, { status });
      expect((await t.as(admin).delete(`/api/programas-servicios/${p.id}`)).status).toBe(409);
    }
    await registerForProgram(t, published.slug, applicationBody(3)).expect(201);
    await put(published.id, programaBody({ status: 'draft' })).expect(200);
    const withRegs = await t.as(admin).delete(`/api/programas-servicios/${published.id}`);
    expect([withRegs.status, withRegs.body.message]).toEqual([409, 'No se puede eliminar un programa que tiene registros.']);
    const draft = await createPrograma(t, admin, { status: 'draft' });
    const ok = await t.as(admin).delete(`/api/programas-servicios/${draft.id}`);
    expect([ok.status, ok.body.message]).toEqual([200, 'Programa eliminado exitosamente']);
    expect(await t.query(`SELECT id FROM programas WHERE id = $1`, [draft.id])).toEqual([]);
    expect((await t.as(admin).delete(`/api/programas-servicios/${draft.id}`)).status).toBe(404);
  });

  it('registrations: listed newest first; the status table keeps the places exact', async () => {
    const p = await createPrograma(t, admin, { max_participantes: 2 });
    const first = (await registerForProgram(t, p.slug, businessApplicationBody(10)).expect(201)).body.registration.id as number;
    const second = (await registerForProgram(t, p.slug, applicationBody(11)).expect(201)).body.registration.id as number;
    const list = await t.as(admin).get(`/api/programas-servicios/${p.id}/registrations`).expect(200);
    expect(list.body.programa).toMatchObject({ id: p.id, participantes_actuales: 2 });
    expect(list.body.registrations.map((r: { id: number }) => r.id)).toEqual([second, first]);
    expect(list.body.registrations[1]).toMatchObject({
      correo_electronico: 'SOLICITANTE10@CORREO.MX',
      tiene_emprendimiento: 'si',
      nombre_emprendimiento: 'Tamales Doña Mary',
      rfc: 'TEGM881102AB1',
      status: 'pendiente',
      notas: null,
    });
    const status = (id: number, s: string) =>
      t.as(admin).put(`/api/programas-servicios/${p.id}/registrations/${id}/status`).send({ status: s });

    // pendiente → confirmado keeps the place.
    const confirmed = await status(first, 'confirmado');
    expect([confirmed.status, confirmed.body.registration.status, confirmed.body.message]).toEqual([
      200,
      'confirmado',
      'El registro ha sido marcado como confirmado',
    ]);
    expect(await places(p.id)).toEqual({ actuales: 2, holding: 2 });
    // → cancelado frees it; a new applicant takes it.
    await status(first, 'cancelado').expect(200);
    expect(await places(p.id)).toEqual({ actuales: 1, holding: 1 });
    await registerForProgram(t, p.slug, applicationBody(12)).expect(201);
    // Reactivating the cancelled one needs a free place: the program is full.
    const refused = await status(first, 'pendiente');
    expect([refused.status, refused.body.message]).toEqual([
      409,
      'El programa ya no tiene lugares disponibles para reactivar este registro.',
    ]);
    expect(await places(p.id)).toEqual({ actuales: 2, holding: 2 });
    await status(second, 'cancelado').expect(200);
    await status(first, 'confirmado').expect(200);
    expect(await places(p.id)).toEqual({ actuales: 2, holding: 2 });
    // Same status: nothing changes.
    await status(first, 'confirmado').expect(200);
    expect(await places(p.id)).toEqual({ actuales: 2, holding: 2 });
    const bad = await status(first, 'aprobado');
    expect(bad.body.errors).toEqual({ status: ['El estado debe ser pendiente, confirmado o cancelado.'] });
    const other = await createPrograma(t, admin);
    // A registration is reached only through its own program.
    expect(
      (await t.as(admin).put(`/api/programas-servicios/${other.id}/registrations/${first}/status`).send({ status: 'cancelado' })).status,
    ).toBe(404);
    expect((await t.as(admin).get(`/api/programas-servicios/999999/registrations`)).status).toBe(404);
  });

  it('parallel status changes never overfill: 20 cancelled registrations reactivated at once into 5 free places → 5', async () => {
    const p = await createPrograma(t, admin, { max_participantes: 20 });
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push((await registerForProgram(t, p.slug, applicationBody(100 + i)).expect(201)).body.registration.id);
    for (const id of ids) {
      await t.as(admin).put(`/api/programas-servicios/${p.id}/registrations/${id}/status`).send({ status: 'cancelado' }).expect(200);
    }
    for (let i = 0; i < 15; i++) await registerForProgram(t, p.slug, applicationBody(200 + i)).expect(201);
    const results = await Promise.all(
      ids.map((id) => t.as(admin).put(`/api/programas-servicios/${p.id}/registrations/${id}/status`).send({ status: 'pendiente' })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(15);
    expect(await places(p.id)).toEqual({ actuales: 20, holding: 20 });
  }, 60000);

  it('CSV export: BOM, CRLF, quoting, formulas neutralized, business fields in Spanish', async () => {
    const p = await createPrograma(t, admin, { nombre: 'Exporta Esto' });
    await registerForProgram(
      t,
      p.slug,
      businessApplicationBody(30, {
        calle: '=HYPERLINK("x")',
        colonia: 'Centro, Sur',
        giro_sector: 'otro',
        giro_sector_otro: 'Artesanías',
      }),
    );
    const res = await t
      .as(admin)
      .get(`/api/programas-servicios/${p.id}/registrations/export`)
      .buffer(true)
      .parse((r, cb) => {
        let data = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (data += c));
        r.on('end', () => cb(null, data));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="registros_exporta-esto_\d{4}-\d{2}-\d{2}\.csv"$/);
    const body = res.body as string;
    expect(body.startsWith('\uFEFFNombre,Apellido Paterno,Apellido Materno,Fecha Nacimiento,Celular,Correo Electrónico,Calle,Número')).toBe(
      true,
    );
    const lines = body.slice(1).split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain('"Centro, Sur"');
    expect(lines[1]).toContain(
      'Sí,Tamales Doña Mary,Otro: Artesanías,Más de 1 año,Sí,https://facebook.com/tamalesdonamary,Sí,TEGM881102AB1,Pendiente',
    );
    expect(lines[1]).toContain('02/11/1988');
  });

  it('every change is a domain event, audited with its resource type', async () => {
    const p = await createPrograma(t, admin, { status: 'draft' });
    await put(p.id, programaBody({ status: 'published' })).expect(200);
    const updated = (await t.query<{ slug: string }>(`SELECT slug FROM programas WHERE id = $1`, [p.id]))[0];
    const reg = (await registerForProgram(t, updated.slug, applicationBody(40)).expect(201)).body.registration.id as number;
    await t.as(admin).put(`/api/programas-servicios/${p.id}/registrations/${reg}/status`).send({ status: 'confirmado' }).expect(200);
    await put(p.id, { es_destacado: true }).expect(200);
    const draft = await createPrograma(t, admin, { status: 'draft' });
    await t.as(admin).delete(`/api/programas-servicios/${draft.id}`).expect(200);
    await t.flushOutbox();
    const rows = await eventually(
      () =>
        t.query<{ action: string; resource_type: string; resource_id: string }>(
          `SELECT a.action, a.resource_type, a.resource_id FROM audit_logs a JOIN domain_events e ON e.id = a.event_id
            WHERE (e.type LIKE 'program.%' AND e.resource_id IN ($1, $2)) OR (e.type LIKE 'program-registration.%' AND e.resource_id = $3)
            ORDER BY e.occurred_at`,
          [String(p.id), String(draft.id), String(reg)],
        ),
      (r) => r.length === 7,
    );
    expect(rows.map((r) => `${r.action}:${r.resource_type}`)).toEqual([
      'create:programa',
      'update:programa',
      'register:programa_registro',
      'update:programa_registro',
      'update:programa',
      'create:programa',
      'delete:programa',
    ]);
  });
});
