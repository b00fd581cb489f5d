import { Pool } from 'pg';
import { applicationBody, businessApplicationBody, createPrograma, putPrograma, registerForProgram } from '../factories/programs';
import { appPerFile, TestApp, signedInApp } from '../setup/test-app';

const PERSONAL = /correo|celular|apellido|calle|colonia|rfc|@|MARÍA|TREVIÑO|812\d{7}/i;

describe('public program page and application (spec 3 §2.7, §5, §7)', () => {
  let t: TestApp;
  let admin: string;
  const places = async (id: number) =>
    (
      await t.query<{ actuales: number; real: number }>(
        `SELECT participantes_actuales AS actuales,
                (SELECT count(*)::int FROM programa_registros WHERE programa_id = $1) AS real FROM programas WHERE id = $1`,
        [id],
      )
    )[0];

  signedInApp((s) => ({ t, admin } = s), {
    env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000', PROGRAM_CHECK_EMAIL_LIMIT_PER_MINUTE: '100000' },
  });

  it('the page: published programs only (404 in Spanish for missing, draft and closed), places left, no personal data', async () => {
    const p = await createPrograma(t, admin, { max_participantes: 3, requisitos: ['ine'] });
    await registerForProgram(t, p.slug, applicationBody(1)).expect(201);
    const res = await t.http().get(`/api/programas/${p.slug}`).expect(200);
    expect(res.body.programa).toMatchObject({
      id: p.id,
      slug: p.slug,
      nombre: p.nombre,
      tipo: 'continuo',
      status: 'published',
      requisitos: ['INE'],
      max_participantes: 3,
      participantes_actuales: 1,
      lugares_disponibles: 2,
    });
    expect(JSON.stringify(res.body)).not.toMatch(PERSONAL);
    expect(res.body.programa.created_at).toBeUndefined();
    const draft = await createPrograma(t, admin, { status: 'draft' });
    const closed = await createPrograma(t, admin, { status: 'closed' });
    for (const slug of [draft.slug, closed.slug, 'no-existe', 'MAL%20SLUG']) {
      const nf = await t.http().get(`/api/programas/${slug}`);
      expect([nf.status, nf.body.message]).toEqual([404, 'El programa que buscas no existe o ha sido cerrado.']);
      expect((await registerForProgram(t, slug, applicationBody(2))).status).toBe(404);
      expect((await t.http().post(`/api/programas/${slug}/check-email`).send({ email: 'a@b.mx' })).status).toBe(404);
    }
    // Even staff get 404 for a draft: the public page has no preview.
    expect((await t.as(admin).get(`/api/programas/${draft.slug}`)).status).toBe(404);
    const unlimited = await createPrograma(t, admin);
    expect((await t.http().get(`/api/programas/${unlimited.slug}`)).body.programa.lugares_disponibles).toBeNull();
  });

  it('registers; e-mail and RFC uppercased; business details kept only with a business; the answer carries no personal data', async () => {
    const p = await createPrograma(t, admin);
    const res = await registerForProgram(
      t,
      p.slug,
      businessApplicationBody(3, { correo_electronico: ' Ana.Lopez@Correo.MX ', rfc: ' tegm881102ab1 ' }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: '¡Registro Exitoso!', registration: { id: expect.any(Number), status: 'pendiente' } });
    const [row] = await t.query(
      `SELECT correo_electronico, rfc, giro_sector, redes_sociales_enlace, status FROM programa_registros WHERE id = $1`,
      [res.body.registration.id],
    );
    expect(row).toEqual({
      correo_electronico: 'ANA.LOPEZ@CORREO.MX',
      rfc: 'TEGM881102AB1',
      giro_sector: 'alimentos',
      redes_sociales_enlace: 'https://facebook.com/tamalesdonamary',
      status: 'pendiente',
    });
    // 'no' business: whatever else was sent is dropped.
    const plain = await registerForProgram(
      t,
      p.slug,
      applicationBody(4, { nombre_emprendimiento: 'Algo', giro_sector: 'moda', rfc: 'XXX', tiene_redes_sociales: 'si' }),
    );
    expect(plain.status).toBe(201);
    const [noBusiness] = await t.query(
      `SELECT nombre_emprendimiento, giro_sector, rfc, tiene_redes_sociales FROM programa_registros WHERE id = $1`,
      [plain.body.registration.id],
    );
    expect(noBusiness).toEqual({ nombre_emprendimiento: null, giro_sector: null, rfc: null, tiene_redes_sociales: null });
    // Optional link and RFC may be blank; details that do not apply are dropped.
    const noLink = await registerForProgram(
      t,
      p.slug,
      businessApplicationBody(5, { redes_sociales_enlace: '', rfc: '', giro_sector_otro: 'ignorado', negocio_formalizado: 'no' }),
    );
    expect(noLink.status).toBe(201);
    const [optional] = await t.query(`SELECT redes_sociales_enlace, rfc, giro_sector_otro FROM programa_registros WHERE id = $1`, [
      noLink.body.registration.id,
    ]);
    expect(optional).toEqual({ redes_sociales_enlace: null, rfc: null, giro_sector_otro: null });
  });

  it('every rule of the form on the server, with a Spanish message per field; nothing written', async () => {
    const p = await createPrograma(t, admin);
    const empty = await registerForProgram(t, p.slug, { extra: 1 });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      nombre: ['El nombre es obligatorio.'],
      apellido_paterno: ['El apellido paterno es obligatorio.'],
      apellido_materno: ['El apellido materno es obligatorio.'],
      fecha_nacimiento: ['La fecha de nacimiento es obligatoria.'],
      celular: ['El celular es obligatorio.'],
      correo_electronico: ['El correo electrónico es obligatorio.'],
      calle: ['La calle es obligatoria.'],
      numero: ['El número es obligatorio.'],
      colonia: ['La colonia es obligatoria.'],
      municipio: ['El municipio es obligatorio.'],
      tiene_emprendimiento: ['Indica si tienes un emprendimiento.'],
      extra: ['El campo extra no está permitido.'],
    });
    const formats = await registerForProgram(
      t,
      p.slug,
      applicationBody(6, {
        celular: '81123',
        correo_electronico: 'no-es-correo',
        fecha_nacimiento: '02/11/1988',
        tiene_emprendimiento: 'tal vez',
      }),
    );
    expect(formats.body.errors).toEqual({
      celular: ['El celular debe tener 10 dígitos.'],
      correo_electronico: ['El correo electrónico no es válido.'],
      fecha_nacimiento: ['La fecha de nacimiento debe tener el formato AAAA-MM-DD.'],
      tiene_emprendimiento: ['Indica si tienes un emprendimiento (si o no).'],
    });
    const business = await registerForProgram(t, p.slug, applicationBody(7, { tiene_emprendimiento: 'si' }));
    expect(business.body.errors).toEqual({
      nombre_emprendimiento: ['El nombre del emprendimiento es obligatorio.'],
      giro_sector: ['El giro o sector es obligatorio.'],
      tiempo_operando: ['El tiempo operando es obligatorio.'],
      tiene_redes_sociales: ['Indica si tu emprendimiento tiene redes sociales.'],
      negocio_formalizado: ['Indica si tu negocio está formalizado.'],
    });
    const details = await registerForProgram(
      t,
      p.slug,
      businessApplicationBody(8, {
        giro_sector: 'otro',
        redes_sociales_enlace: 'facebook punto com',
        rfc: 'ABCD8811021234',
        tiempo_operando: 'siempre',
      }),
    );
    expect(details.body.errors).toEqual({
      giro_sector_otro: ['Especifica el giro o sector.'],
      redes_sociales_enlace: ['El enlace de redes sociales debe ser una URL válida (por ejemplo https://facebook.com/minegocio).'],
      rfc: ['El RFC no debe tener más de 13 caracteres.'],
      tiempo_operando: ['El tiempo operando no es una opción válida.'],
    });
    expect((await registerForProgram(t, p.slug, businessApplicationBody(9, { rfc: 'TEGM-8811' }))).body.errors).toEqual({
      rfc: ['El RFC solo puede contener letras y números.'],
    });
    expect((await registerForProgram(t, p.slug, applicationBody(10, { fecha_nacimiento: '2999-01-01' }))).body.errors).toEqual({
      fecha_nacimiento: ['La fecha de nacimiento no puede ser una fecha futura.'],
    });
    expect((await registerForProgram(t, p.slug, applicationBody(11, { fecha_nacimiento: '1990-02-31' }))).body.errors).toEqual({
      fecha_nacimiento: ['La fecha de nacimiento no es válida.'],
    });
    expect(await places(p.id)).toEqual({ actuales: 0, real: 0 });
  });

  it('one registration per e-mail per program, case and spaces ignored (409 with the spec message); check-email tells', async () => {
    const p = await createPrograma(t, admin);
    const other = await createPrograma(t, admin);
    const check = (slug: string, email: string) => t.http().post(`/api/programas/${slug}/check-email`).send({ email });
    expect((await check(p.slug, 'luisa@correo.mx')).body).toEqual({ exists: false });
    await registerForProgram(t, p.slug, applicationBody(20, { correo_electronico: 'luisa@correo.mx' })).expect(201);
    const res = await check(p.slug, '  LUISA@Correo.mx ');
    expect([res.status, res.body]).toEqual([200, { exists: true }]);
    expect((await check(other.slug, 'luisa@correo.mx')).body).toEqual({ exists: false });
    expect((await check(p.slug, 'no-es-correo')).body.errors).toEqual({ email: ['El correo electrónico no es válido.'] });
    const dup = await registerForProgram(t, p.slug, applicationBody(21, { correo_electronico: ' Luisa@CORREO.mx ' }));
    expect([dup.status, dup.body.message]).toEqual([409, 'Ya existe un registro con este correo para este programa']);
    await registerForProgram(t, other.slug, applicationBody(22, { correo_electronico: 'luisa@correo.mx' })).expect(201);
    expect(await places(p.id)).toEqual({ actuales: 1, real: 1 });
  });

  it('a full program refuses (409) and says so on the page; a closed one is 404', async () => {
    const p = await createPrograma(t, admin, { max_participantes: 1 });
    await registerForProgram(t, p.slug, applicationBody(30)).expect(201);
    expect((await t.http().get(`/api/programas/${p.slug}`)).body.programa.lugares_disponibles).toBe(0);
    const full = await registerForProgram(t, p.slug, applicationBody(31));
    expect([full.status, full.body.message]).toEqual([409, 'Este programa ya no tiene lugares disponibles.']);
    await putPrograma(t, admin, p.id, { status: 'closed', max_participantes: 1 }).expect(200);
    expect((await registerForProgram(t, p.slug, applicationBody(32))).status).toBe(404);
    expect(await places(p.id)).toEqual({ actuales: 1, real: 1 });
  });

  it('50 parallel registrations with one e-mail (case and spaces varied) → exactly one', async () => {
    const p = await createPrograma(t, admin);
    const variants = Array.from({ length: 50 }, (_, i) =>
      i % 2 ? 'Pedro.Salinas@Correo.MX' : ` pedro.salinas@correo.mx${' '.repeat(i % 3)}`,
    );
    const results = await Promise.all(
      variants.map((email, i) => registerForProgram(t, p.slug, applicationBody(300 + i, { correo_electronico: email }))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(49);
    expect(await places(p.id)).toEqual({ actuales: 1, real: 1 });
  }, 60000);

  it('control: without the unique index the same 50 requests write duplicates (so the test above would catch a missing guard)', async () => {
    const p = await createPrograma(t, admin);
    await t.query(`DROP INDEX programa_registros_programa_email_key`);
    try {
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          registerForProgram(t, p.slug, applicationBody(400 + i, { correo_electronico: 'mismo@correo.mx' })),
        ),
      );
      expect(results.filter((r) => r.status === 201).length).toBeGreaterThan(1);
    } finally {
      await t.query(`DELETE FROM programa_registros WHERE programa_id = $1`, [p.id]);
      await t.query(
        `CREATE UNIQUE INDEX programa_registros_programa_email_key ON programa_registros (programa_id, lower(btrim(correo_electronico)))`,
      );
    }
  }, 60000);

  it('capacity 10 with 100 parallel applications → exactly 10 accepted, the rest refused, no 5xx', async () => {
    const p = await createPrograma(t, admin, { max_participantes: 10 });
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => registerForProgram(t, p.slug, applicationBody(500 + i))));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(90);
    expect(await places(p.id)).toEqual({ actuales: 10, real: 10 });
  }, 60000);

  it('control: a read-then-write capacity check under the same parallelism overfills (so the test above would catch it)', async () => {
    const p = await createPrograma(t, admin, { max_participantes: 10 });
    const pool = new Pool({ connectionString: t.config.databaseUrl, max: 20 });
    try {
      await Promise.all(
        Array.from({ length: 100 }, async (_, i) => {
          const [{ n }] = (await pool.query(`SELECT count(*)::int AS n FROM programa_registros WHERE programa_id = $1`, [p.id])).rows;
          if (n >= 10) return;
          await pool.query(
            `INSERT INTO programa_registros (programa_id, nombre, apellido_paterno, apellido_materno, fecha_nacimiento, celular,
               correo_electronico, calle, numero, colonia, municipio, tiene_emprendimiento)
             VALUES ($1, 'A', 'B', 'C', '1990-01-01', '8100000000', $2, 'x', '1', 'y', 'z', 'no')`,
            [p.id, `naive${i}@correo.mx`],
          );
        }),
      );
      expect((await places(p.id)).real).toBeGreaterThan(10);
    } finally {
      await pool.end();
    }
  }, 60000);
});

describe('check-email is limited per IP on its own', () => {
  let t: TestApp;
  appPerFile((app) => (t = app), { env: { PROGRAM_CHECK_EMAIL_LIMIT_PER_MINUTE: '5' } });

  it('answers 429 in Spanish past the limit, while the page still loads', async () => {
    const admin = await t.login();
    const p = await createPrograma(t, admin);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (
          await t
            .http()
            .post(`/api/programas/${p.slug}/check-email`)
            .send({ email: `x${i}@correo.mx` })
        ).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const limited = await t.http().post(`/api/programas/${p.slug}/check-email`).send({ email: 'y@correo.mx' });
    expect(limited.body.message).toBe('Demasiadas solicitudes desde tu conexión. Espera un momento e intenta de nuevo.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await t.http().get(`/api/programas/${p.slug}`).expect(200);
  });
});
