import { ROOMS } from '../../api/src/shared/events/socket-events';
import { addLookup, createPersona } from '../factories/personas';
import { TestApp, signedInApp } from '../setup/test-app';

describe('people database (spec 3 §2.1–2.4, §6, §7)', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s));

  it('catalogue values are trimmed, upper-cased and unique; adding one that exists returns it', async () => {
    const a = await t.as(admin).post('/api/personas/lookup-value').send({ type: 'empresa', nombre: '  cemex  s.a. ' });
    expect(a.status).toBe(201);
    expect(a.body).toEqual({ item: { id: expect.any(Number), nombre: 'CEMEX S.A.' }, created: true });
    const again = await t.as(admin).post('/api/personas/lookup-value').send({ type: 'empresa', nombre: 'Cemex S.A.' });
    expect(again.body).toEqual({ item: a.body.item, created: false });
    const blank = await t.as(admin).post('/api/personas/lookup-value').send({ type: 'zona', nombre: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.nombre).toEqual(['El nombre no puede estar vacío.']);
    expect((await t.as(admin).post('/api/personas/lookup-value').send({ type: 'planeta', nombre: 'X' })).status).toBe(422);
    const lookups = await t.as(admin).get('/api/personas/lookup-data');
    expect(lookups.body.empresas).toEqual([a.body.item]);
    expect(lookups.body.ciudades).toHaveLength(51);
    expect(lookups.body.estados).toHaveLength(32);
    expect(lookups.body).toMatchObject({ default_ciudad: 'MONTERREY', default_estado: 'NUEVO LEÓN' });
  });

  it('computes completeness on every write and says what is missing', async () => {
    const empresa = await addLookup(t, admin, 'empresa', 'FEMSA');
    const sector = await addLookup(t, admin, 'sector', 'INDUSTRIA');
    const puesto = await addLookup(t, admin, 'puesto', 'DIRECTORA');
    const basic = await createPersona(t, admin, { nombre: 'lucía', apellido_paterno: 'treviño', telefono_celular: '8111111111' });
    expect(basic.completeness_level).toBe('red');
    expect(basic.missing_fields).toEqual(['Empresa, puesto o sector']);
    const full = {
      nombre: 'Lucía',
      apellido_paterno: 'Treviño',
      apellido_materno: 'Sada',
      fecha_nacimiento: '1985-04-12',
      telefono_celular: '8111111111',
      correo_electronico: 'lucia@femsa.mx',
      empresa_id: empresa.id,
      sector_id: sector.id,
      puesto_id: puesto.id,
      direccion_calle: 'Zaragoza',
      direccion_numero: '1000',
      direccion_colonia: 'Centro',
      direccion_ciudad: 'MONTERREY',
      direccion_estado: 'NUEVO LEÓN',
    };
    const mid = await t
      .as(admin)
      .put(`/api/personas/${basic.id}`)
      .send({ ...full, direccion_calle: '' });
    expect(mid.body.persona.completeness_level).toBe('orange');
    expect(mid.body.persona.missing_fields).toEqual(['Dirección principal']);
    const done = await t.as(admin).put(`/api/personas/${basic.id}`).send(full);
    expect(done.body.persona).toMatchObject({
      completeness_level: 'green',
      missing_fields: [],
      nombre: 'LUCÍA',
      correo_electronico: 'LUCIA@FEMSA.MX',
      empresa: empresa,
    });
    const [row] = await t.query<{ completeness_level: string }>('SELECT completeness_level FROM personas WHERE id = $1', [basic.id]);
    expect(row.completeness_level).toBe('green');
  });

  it('validates on the server: digits-only phones, real dates, existing catalogue values, Nuevo León cities', async () => {
    const res = await t.as(admin).post('/api/personas').send({
      nombre: 'X',
      telefono_celular: '81-1234',
      extension_oficina: '12a',
      fecha_nacimiento: '2001-02-30',
      empresa_id: 99999,
      direccion_ciudad: 'GOTHAM',
      direccion_estado: 'TEXAS',
      correo_electronico: 'no',
      hackeo: true,
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['correo_electronico', 'extension_oficina', 'hackeo', 'telefono_celular']);
    const second = await t
      .as(admin)
      .post('/api/personas')
      .send({ nombre: 'X', fecha_nacimiento: '2001-02-30', empresa_id: 99999, direccion_ciudad: 'GOTHAM', direccion_estado: 'TEXAS' });
    expect(second.body.errors).toEqual({
      fecha_nacimiento: ['La fecha de nacimiento no es válida.'],
      empresa_id: ['La empresa seleccionada no existe.'],
      direccion_ciudad: ['La ciudad debe ser un municipio de Nuevo León.'],
      direccion_estado: ['El estado no es válido.'],
    });
    expect((await t.as(admin).post('/api/personas').send({})).body.errors).toEqual({ nombre: ['El nombre es obligatorio.'] });
  });

  it('searches name, e-mail and phones ignoring case and accents; filters; paginates in a stable order', async () => {
    const sector = await addLookup(t, admin, 'sector', 'GOBIERNO');
    const empresa = await addLookup(t, admin, 'empresa', 'MUNICIPIO DE MONTERREY');
    await createPersona(t, admin, {
      nombre: 'José',
      apellido_paterno: 'Peña',
      apellido_materno: 'Núñez',
      correo_electronico: 'jose.pena@mty.gob.mx',
      telefono_oficina: '8181818181',
      sector_id: sector.id,
      empresa_id: empresa.id,
    });
    for (const q of ['jose pena', 'PEÑA', 'nunez', 'jose.pena@', '81818181', '81 8181 8181', '(81) 8181-8181', '+52 81 8181 8181']) {
      const res = await t.as(admin).get('/api/personas').query({ search: q });
      expect(res.body.data.map((p: { nombre_completo: string }) => p.nombre_completo)).toEqual(['JOSÉ PEÑA NÚÑEZ']);
    }
    expect((await t.as(admin).get('/api/personas').query({ search: '100%_' })).body.data).toEqual([]);
    const bySector = await t
      .as(admin)
      .get('/api/personas')
      .query({ sector_id: sector.id, empresa_id: empresa.id, completeness_level: 'orange' });
    expect(bySector.body.total).toBe(1);
    for (let i = 0; i < 23; i++)
      await createPersona(t, admin, { nombre: `Persona ${i}`, apellido_paterno: 'Zapata', telefono_celular: String(8120000000 + i) });
    const p1 = await t.as(admin).get('/api/personas').query({ search: 'zapata', page: 1 });
    const p3 = await t.as(admin).get('/api/personas').query({ search: 'zapata', page: 3 });
    expect(p1.body).toMatchObject({ current_page: 1, last_page: 3, per_page: 10, total: 23 });
    expect(p3.body.data).toHaveLength(3);
    const all = [
      ...p1.body.data,
      ...(await t.as(admin).get('/api/personas').query({ search: 'zapata', page: 2 })).body.data,
      ...p3.body.data,
    ];
    expect(new Set(all.map((p: { id: number }) => p.id)).size).toBe(23);
    expect((await t.as(admin).get('/api/personas').query({ page: 0 })).status).toBe(422);
    expect((await t.as(admin).get('/api/personas').query({ completeness_level: 'purple' })).status).toBe(422);
  });

  it('stats count each level with percentages', async () => {
    const res = await t.as(admin).get('/api/personas/stats');
    const [row] = await t.query<{ total: number; green: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE completeness_level = 'green')::int AS green FROM personas`,
    );
    expect(res.body.total).toBe(row.total);
    expect(res.body.green).toBe(row.green);
    expect(res.body.green + res.body.orange + res.body.red).toBe(row.total);
    expect(res.body.greenPercent).toBeCloseTo((row.green / row.total) * 100, 0);
  });

  it('the list total and the stat cards stay exact after every kind of write (counts kept by triggers)', async () => {
    const actual = async () =>
      (
        await t.query<{ total: number; red: number; orange: number; green: number }>(
          `SELECT count(*)::int AS total, count(*) FILTER (WHERE completeness_level = 'red')::int AS red,
                  count(*) FILTER (WHERE completeness_level = 'orange')::int AS orange,
                  count(*) FILTER (WHERE completeness_level = 'green')::int AS green FROM personas`,
        )
      )[0];
    const shown = async () => {
      const stats = (await t.as(admin).get('/api/personas/stats')).body;
      const list = (await t.as(admin).get('/api/personas')).body;
      const orange = (await t.as(admin).get('/api/personas').query({ completeness_level: 'orange' })).body;
      expect(list.total).toBe(stats.total);
      expect(orange.total).toBe(stats.orange);
      return { total: stats.total, red: stats.red, orange: stats.orange, green: stats.green };
    };
    const empresa = await addLookup(t, admin, 'empresa', 'CONTEOS S.A.');
    const p = await createPersona(t, admin, { nombre: 'Conteo', apellido_paterno: 'Uno', telefono_celular: '8177700001' });
    expect(await shown()).toEqual(await actual());
    // red → orange (an update that changes the level), then a plain update, then direct SQL writes.
    const upd = { nombre: 'Conteo', apellido_paterno: 'Uno', telefono_celular: '8177700001', empresa_id: empresa.id };
    expect((await t.as(admin).put(`/api/personas/${p.id}`).send(upd)).status).toBe(200);
    expect(
      (
        await t
          .as(admin)
          .put(`/api/personas/${p.id}`)
          .send({ ...upd, apellido_materno: 'Dos' })
      ).status,
    ).toBe(200);
    expect(await shown()).toEqual(await actual());
    await t.query(`INSERT INTO personas (nombre, completeness_level) SELECT 'SQL ' || i, 'green' FROM generate_series(1, 3) i`);
    await t.query(`UPDATE personas SET completeness_level = 'orange' WHERE nombre = 'SQL 1'`);
    await t.query(`DELETE FROM personas WHERE nombre = 'SQL 2'`);
    expect(await shown()).toEqual(await actual());
    expect((await t.as(admin).delete(`/api/personas/${p.id}`)).status).toBe(200);
    await t.query(`DELETE FROM personas WHERE nombre LIKE 'SQL %'`);
    expect(await shown()).toEqual(await actual());
  });

  it('catalogue references hold as foreign keys did: must exist, set to null when the value is deleted, ids fixed', async () => {
    const sector = await addLookup(t, admin, 'sector', 'REFERENCIAS');
    const p = await createPersona(t, admin, { nombre: 'Referida', apellido_paterno: 'Sector', sector_id: sector.id });
    const code = (sql: string) =>
      t.query(sql).then(
        () => 'ok',
        (err: { code?: string }) => err.code,
      );
    expect(await code(`INSERT INTO personas (nombre, sector_id) VALUES ('SIN SECTOR', 999999)`)).toBe('23503');
    expect(await code(`UPDATE personas SET zona_id = 999999 WHERE id = ${p.id}`)).toBe('23503');
    expect(await code(`UPDATE sectores SET id = 999999 WHERE id = ${sector.id}`)).toBe('23503');
    expect(await code(`UPDATE sectores SET nombre = 'REFERENCIAS 2' WHERE id = ${sector.id}`)).toBe('ok');
    expect((await t.query<{ sector_id: number }>(`SELECT sector_id FROM personas WHERE id = $1`, [p.id]))[0].sector_id).toBe(sector.id);
    await t.query(`DELETE FROM sectores WHERE id = $1`, [sector.id]);
    expect((await t.query<{ sector_id: number | null }>(`SELECT sector_id FROM personas WHERE id = $1`, [p.id]))[0].sector_id).toBeNull();
  });

  it('catalogue references hold under concurrency: a value being deleted and a person referencing it never leave a dangling id', async () => {
    const runner = async () => {
      const r = t.db.createQueryRunner();
      await r.connect();
      await r.startTransaction();
      return r;
    };
    // The person is written first: the delete waits for it, then clears the reference.
    const first = await addLookup(t, admin, 'sector', 'CONCURRENTE UNO');
    const writer = await runner();
    await writer.query(`INSERT INTO personas (nombre, sector_id) VALUES ('CONCURRENTE A', $1)`, [first.id]);
    const deleting = t.query(`DELETE FROM sectores WHERE id = $1`, [first.id]);
    await new Promise((r) => setTimeout(r, 200));
    await writer.commitTransaction();
    await writer.release();
    await deleting;
    expect(await t.query(`SELECT sector_id FROM personas WHERE nombre = 'CONCURRENTE A'`)).toEqual([{ sector_id: null }]);

    // The delete goes first: the person waits for it, then is refused as a foreign key would refuse it.
    const second = await addLookup(t, admin, 'sector', 'CONCURRENTE DOS');
    const deleter = await runner();
    await deleter.query(`DELETE FROM sectores WHERE id = $1`, [second.id]);
    const inserting = t.query(`INSERT INTO personas (nombre, sector_id) VALUES ('CONCURRENTE B', $1)`, [second.id]).then(
      () => 'ok',
      (err: { code?: string }) => err.code,
    );
    await new Promise((r) => setTimeout(r, 200));
    await deleter.commitTransaction();
    await deleter.release();
    expect(await inserting).toBe('23503');
    expect(await t.query(`SELECT 1 FROM personas WHERE nombre = 'CONCURRENTE B'`)).toEqual([]);
  });

  it('a phone pasted with the country code is stored as its 10 digits, and is the same person the CSV import sees', async () => {
    const p = await createPersona(t, admin, { nombre: 'Lada', apellido_paterno: 'Internacional', telefono_celular: '+52 81 5555 1234' });
    const stored = await t.query<{ telefono_celular: string }>(`SELECT telefono_celular FROM personas WHERE id = $1`, [p.id]);
    expect(stored).toEqual([{ telefono_celular: '8155551234' }]);
    const dup = await t
      .as(admin)
      .post('/api/personas')
      .send({ nombre: 'Lada', apellido_paterno: 'Internacional', telefono_celular: '81 5555 1234' });
    expect(dup.status).toBe(409);
    const bad = await t.as(admin).post('/api/personas').send({ nombre: 'Lada', telefono_celular: '+1 555 1234' });
    expect([bad.status, bad.body.errors.telefono_celular]).toEqual([422, ['El teléfono celular debe tener exactamente 10 dígitos.']]);
  });

  it('the same name and phone twice is the same person (409)', async () => {
    await createPersona(t, admin, { nombre: 'Ana', apellido_paterno: 'García', telefono_celular: '8199999999' });
    const dup = await t.as(admin).post('/api/personas').send({ nombre: 'ANA', apellido_paterno: 'Garcia', telefono_celular: '8199999999' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Ya existe una persona con el mismo nombre y teléfono.');
  });

  it('permissions follow the personas area (docs/decisions.md), on the server', async () => {
    const viewer = await t.createUser(admin, { email: 'p-view@aforo.test', permissions: { personas: ['view'] } });
    const creator = await t.createUser(admin, { email: 'p-create@aforo.test', permissions: { personas: ['view', 'create'] } });
    const p = await createPersona(t, admin, { nombre: 'Borrable' });
    expect((await t.as(viewer.token).get('/api/personas')).status).toBe(200);
    expect((await t.as(viewer.token).post('/api/personas').send({ nombre: 'X' })).status).toBe(403);
    expect((await t.as(creator.token).post('/api/personas').send({ nombre: 'Creada' })).status).toBe(201);
    expect((await t.as(creator.token).put(`/api/personas/${p.id}`).send({ nombre: 'X' })).status).toBe(403);
    expect((await t.as(creator.token).delete(`/api/personas/${p.id}`)).status).toBe(403);
    expect((await t.as(viewer.token).post('/api/personas/lookup-value').send({ type: 'zona', nombre: 'NORTE' })).status).toBe(403);
    expect((await t.as(creator.token).post('/api/personas/lookup-value').send({ type: 'zona', nombre: 'NORTE' })).status).toBe(201);
    const importer = await t
      .as(creator.token)
      .post('/api/personas/import-csv')
      .attach('file', Buffer.from('nombre,contacto\nA B,8111111111\n'), 'a.csv');
    expect(importer.status).toBe(403);
    // The rejected rows' file is for those who may import; following an import's status only needs view.
    const imported = await t
      .as(admin)
      .post('/api/personas/import-csv')
      .attach('file', Buffer.from('nombre,contacto\nSin Telefono,12\n'), 'b.csv');
    expect(imported.status).toBe(202);
    const importId = imported.body.import_id as string;
    expect((await t.as(viewer.token).get(`/api/personas/import-csv/${importId}`)).status).toBe(200);
    expect((await t.as(viewer.token).get(`/api/personas/import-csv/${importId}/errors`)).status).toBe(403);
    expect((await t.as(admin).get(`/api/personas/import-csv/${importId}/errors`)).status).toBe(200);
    const outsider = await t.createUser(admin, { email: 'p-none@aforo.test', permissions: { eventos_externos: ['view'] } });
    expect((await t.as(outsider.token).get('/api/personas')).status).toBe(403);
    // The old gate is gone: every eventos_internos action grants nothing on the people database.
    const internos = await t.createUser(admin, {
      email: 'p-internos@aforo.test',
      permissions: { eventos_internos: ['view', 'create', 'edit', 'delete'] },
    });
    expect((await t.as(internos.token).get('/api/personas')).status).toBe(403);
    expect((await t.as(internos.token).post('/api/personas').send({ nombre: 'X' })).status).toBe(403);
    // Import needs view + create + edit together; edit and delete have their own flags.
    const full = await t.createUser(admin, { email: 'p-full@aforo.test', permissions: { personas: ['view', 'create', 'edit'] } });
    expect(
      (await t.as(full.token).post('/api/personas/import-csv').attach('file', Buffer.from('nombre,contacto\nA B,8111111112\n'), 'c.csv'))
        .status,
    ).toBe(202);
    expect((await t.as(full.token).put(`/api/personas/${p.id}`).send({ nombre: 'Editada' })).status).toBe(200);
    expect((await t.as(full.token).delete(`/api/personas/${p.id}`)).status).toBe(403);
    // The socket room follows the same flag.
    expect(await t.join(await t.socket(viewer.token), ROOMS.personas)).toEqual({ ok: true });
    expect(await t.join(await t.socket(internos.token), ROOMS.personas)).toMatchObject({ ok: false });
    expect((await t.http().get('/api/personas')).status).toBe(401);
    expect((await t.as(admin).delete(`/api/personas/${p.id}`)).status).toBe(200);
    expect((await t.as(admin).get(`/api/personas/${p.id}`)).status).toBe(404);
  });
});
