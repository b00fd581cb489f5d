import { ACTIONS } from '../../api/src/shared/permissions';
import { ensureInvited } from '../factories/internal-events';
import { createEspacio, espacioBody, postEspacio, putEspacio, seatsOf, seccion } from '../factories/spaces';
import { eventually, TestApp, signedInApp } from '../setup/test-app';

describe('spaces manager (spec 3 §2.8, §4, §5, §7) — rules enforced by the server', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s));

  it('creates a space: sections in order with the defaults, seats as real rows labelled by the engine, the creator', async () => {
    const res = await t
      .as(admin)
      .post('/api/espacios')
      .send(
        espacioBody({
          nombre: '  Auditorio Principal  ',
          secciones: [seccion('a', 3, 4), seccion('B', 5, 2, { color: '#10b981', precio_base: 150.5 }), seccion('C', 2, 3)],
        }),
      );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Espacio creado exitosamente');
    const e = res.body.espacio;
    expect(e).toMatchObject({
      nombre: 'Auditorio Principal',
      layout_config: '2,1',
      is_active: true,
      secciones_count: 3,
      capacidad_total: 12 + 10 + 6,
      eventos_internos_count: 0,
      creator: { name: expect.any(String) },
    });
    expect(
      e.secciones.map((s: { codigo: string; orden: number; posicion_x: number; posicion_y: number }) => [
        s.codigo,
        s.orden,
        s.posicion_x,
        s.posicion_y,
      ]),
    ).toEqual([
      ['A', 0, 0, 0],
      ['B', 1, 0, 10],
      ['C', 2, 0, 20],
    ]);
    expect(e.secciones[0].color).toBe('#3B82F6');
    expect(e.secciones[1]).toMatchObject({ color: '#10B981', precio_base: 150.5, total_asientos: 10 });
    expect(e.secciones[0].precio_base).toBeNull();

    const seats = await seatsOf(t, e.id);
    expect(seats.size).toBe(28);
    expect(seats.get('A|1|1')!.codigo).toBe('A-1');
    expect(seats.get('A|3|4')!.codigo).toBe('C-4');
    expect(seats.get('B|1|1')!.codigo).toBe('A-5');
    expect(seats.get('B|5|2')!.codigo).toBe('E-6');
    expect(seats.get('C|1|1')!.codigo).toBe('F-1');

    const one = await t.as(admin).get(`/api/espacios/${e.id}`).expect(200);
    expect(one.body.espacio).toEqual(e);
    const list = await t.as(admin).get('/api/espacios').expect(200);
    expect(list.body.espacios.find((x: { id: number }) => x.id === e.id)).toEqual(e);
  });

  it('lists the internal events that use a space (eventos_internos_count)', async () => {
    const e = await createEspacio(t, admin);
    // Real internal events: evento_espacios references eventos_internos (baseline migration).
    await ensureInvited(t, 901, []);
    await ensureInvited(t, 902, []);
    await t.query(`INSERT INTO evento_espacios (evento_interno_id, espacio_id) VALUES (901, $1), (902, $1)`, [e.id]);
    const list = await t.as(admin).get('/api/espacios').expect(200);
    expect(list.body.espacios.find((x: { id: number }) => x.id === e.id).eventos_internos_count).toBe(2);
  });

  it('validates the form: name, at least one section, section name and code, code ≤ 10, rows and seats 1–100', async () => {
    const empty = await t.as(admin).post('/api/espacios').send({ nombre: ' ', secciones: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      nombre: ['El nombre del espacio es obligatorio.'],
      secciones: ['El espacio debe tener al menos una sección.'],
    });
    const nested = await t
      .as(admin)
      .post('/api/espacios')
      .send({ nombre: 'Sala', secciones: [[[{ nombre: 'A', codigo: 'A', filas: 1, asientos_por_fila: 1 }]]] });
    expect(nested.status).toBe(422);
    expect(nested.body.errors.secciones).toEqual(['Cada sección debe ser un objeto con sus campos.']);
    const missing = await t.as(admin).post('/api/espacios').send({ nombre: 'Sala' });
    expect(missing.body.errors).toEqual({ secciones: ['El espacio debe tener al menos una sección.'] });

    const bad = await t
      .as(admin)
      .post('/api/espacios')
      .send(
        espacioBody({
          secciones: [
            { nombre: '', codigo: '', filas: 0, asientos_por_fila: 101 },
            { nombre: 'Palco', codigo: 'ABCDEFGHIJK', filas: 101, asientos_por_fila: 0 },
            { nombre: 'Galería', codigo: 'G', filas: 2.5, asientos_por_fila: 'diez', color: 'azul' },
          ],
        }),
      );
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('Los datos enviados no son válidos.');
    expect(bad.body.errors).toEqual({
      'secciones.0.nombre': ['El nombre de la sección es obligatorio.'],
      'secciones.0.codigo': ['El código de la sección es obligatorio.'],
      'secciones.0.filas': ['Las filas deben ser al menos 1.'],
      'secciones.0.asientos_por_fila': ['Los asientos por fila no deben ser más de 100.'],
      'secciones.1.codigo': ['El código de la sección no debe tener más de 10 caracteres.'],
      'secciones.1.filas': ['Las filas no deben ser más de 100.'],
      'secciones.1.asientos_por_fila': ['Los asientos por fila deben ser al menos 1.'],
      'secciones.2.filas': ['El número de filas debe ser un número entero.'],
      'secciones.2.asientos_por_fila': expect.arrayContaining(['Los asientos por fila deben ser un número entero.']),
      'secciones.2.color': ['El color debe ser un color hexadecimal como #3B82F6.'],
    });

    const tooBig = await postEspacio(t, admin, { secciones: Array.from({ length: 6 }, (_, i) => seccion(`S${i}`, 100, 100)) });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors).toEqual({ secciones: ['La capacidad total no puede pasar de 50,000 asientos.'] });

    const atLimits = await postEspacio(t, admin, { secciones: [seccion('ABCDEFGHIJ', 100, 100), seccion('Z', 1, 1)] });
    expect(atLimits.status).toBe(201);
    expect(atLimits.body.espacio.capacidad_total).toBe(10_001);
    expect((await seatsOf(t, atLimits.body.espacio.id)).size).toBe(10_001);
  });

  it('section codes are unique within a space (case-insensitive), with a message on the repeated one', async () => {
    const res = await postEspacio(t, admin, { secciones: [seccion('VIP'), seccion('B'), seccion('vip')] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      'secciones.2.codigo': ['El código VIP ya se usa en la sección 1; cada sección necesita un código distinto.'],
    });
    // Other spaces may reuse a code.
    await createEspacio(t, admin, { secciones: [seccion('VIP')] });
    await createEspacio(t, admin, { secciones: [seccion('VIP')] });
  });

  it('an empty or invalid layout means two sections per row; it is kept as typed', async () => {
    const e = await createEspacio(t, admin, {
      layout_config: 'tres',
      secciones: [seccion('A', 1, 2), seccion('B', 1, 2), seccion('C', 1, 2)],
    });
    expect(e.layout_config).toBe('tres');
    const seats = await seatsOf(t, e.id);
    expect(['A|1|1', 'B|1|1', 'C|1|2'].map((k) => seats.get(k)!.codigo)).toEqual(['A-1', 'A-3', 'B-2']);
  });

  it('editing keeps the ids of the seats that still exist, relabels them, adds and removes the rest', async () => {
    const e = await createEspacio(t, admin, { layout_config: '2', secciones: [seccion('A', 2, 2), seccion('B', 2, 2)] });
    const before = await seatsOf(t, e.id);
    expect(before.get('B|1|1')!.codigo).toBe('A-3');
    // B moves in front of A (codes swap between kept seats), A loses a row, D is new.
    const res = await t
      .as(admin)
      .put(`/api/espacios/${e.id}`)
      .send(
        espacioBody({
          nombre: 'Sala renovada',
          layout_config: '2,1',
          secciones: [seccion('B', 2, 2), seccion('A', 1, 2), seccion('D', 1, 1)],
        }),
      );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Espacio actualizado exitosamente');
    expect(res.body.espacio).toMatchObject({ nombre: 'Sala renovada', capacidad_total: 7, secciones_count: 3, version: '2' });
    expect(res.body.espacio.secciones.map((s: { id: number; codigo: string }) => s.codigo)).toEqual(['B', 'A', 'D']);
    expect(res.body.espacio.secciones.find((s: { codigo: string }) => s.codigo === 'A').id).toBe(e.secciones[0].id);
    const after = await seatsOf(t, e.id);
    expect(after.size).toBe(7);
    for (const key of ['A|1|1', 'A|1|2', 'B|1|1', 'B|2|2']) expect(after.get(key)!.id).toBe(before.get(key)!.id);
    expect(after.get('B|1|1')!.codigo).toBe('A-1');
    expect(after.get('A|1|1')!.codigo).toBe('A-3');
    expect(after.get('A|2|1')).toBeUndefined();
    expect(after.get('D|1|1')!.codigo).toBe('C-1');
  });

  it('refuses an edit that would remove a seat an event assigned (409 with the count) and writes nothing', async () => {
    const e = await createEspacio(t, admin, { layout_config: '', secciones: [seccion('A', 2, 3), seccion('B', 2, 2)] });
    const seats = await seatsOf(t, e.id);
    // Assignments reference real invitations (baseline migration).
    await ensureInvited(t, 77, [1, 2, 4]);
    await ensureInvited(t, 78, [3]);
    await t.query(
      `INSERT INTO asiento_asignaciones (evento_interno_id, asiento_id, persona_id) VALUES (77, $1, 1), (77, $2, 2), (78, $2, 3), (77, $3, 4)`,
      [seats.get('A|2|3')!.id, seats.get('B|1|1')!.id, seats.get('A|1|1')!.id],
    );
    // Removing A's last seat of each row and the whole section B: two assigned seats (one of them twice).
    const res = await putEspacio(t, admin, e.id, {
      nombre: 'No debe guardarse',
      layout_config: '',
      secciones: [seccion('A', 2, 2), seccion('C', 1, 1)],
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'No se puede guardar el espacio: el cambio quitaría 2 asientos ya asignados en eventos. Libera esos asientos o conserva las secciones, filas y asientos que están en uso.',
    );
    const unchanged = await t.as(admin).get(`/api/espacios/${e.id}`).expect(200);
    expect(unchanged.body.espacio).toEqual(e);
    expect(await seatsOf(t, e.id)).toEqual(seats);

    // An edit that keeps the assigned seats goes through; they keep their id (and the assignment) under a new label.
    const kept = await putEspacio(t, admin, e.id, { layout_config: '1,1', secciones: [seccion('A', 2, 3), seccion('B', 1, 1)] });
    expect(kept.status).toBe(200);
    const after = await seatsOf(t, e.id);
    expect(after.get('B|1|1')).toEqual({ id: seats.get('B|1|1')!.id, codigo: 'C-1' });
    const [{ n }] = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM asiento_asignaciones`);
    expect(n).toBe(4);
  });

  it('DELETE deactivates: data kept, not offered for new events, not editable; activation by toggle', async () => {
    const e = await createEspacio(t, admin);
    const off = await t.as(admin).delete(`/api/espacios/${e.id}`);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({
      message: 'Espacio desactivado exitosamente',
      espacio: { id: e.id, is_active: false, capacidad_total: e.capacidad_total },
    });
    expect((await seatsOf(t, e.id)).size).toBe(e.capacidad_total);
    const active = await t.as(admin).get('/api/espacios-activos').expect(200);
    expect(active.body.espacios.map((x: { id: number }) => x.id)).not.toContain(e.id);
    expect(active.body.espacios.every((x: { is_active: boolean }) => x.is_active)).toBe(true);
    const all = await t.as(admin).get('/api/espacios').expect(200);
    expect(all.body.espacios.find((x: { id: number }) => x.id === e.id).is_active).toBe(false);

    const edit = await putEspacio(t, admin, e.id);
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('No se puede editar un espacio inactivo. Actívalo primero.');
    // Deactivating again changes nothing.
    expect((await t.as(admin).delete(`/api/espacios/${e.id}`)).body.espacio.version).toBe(off.body.espacio.version);

    const on = await t.as(admin).patch(`/api/espacios/${e.id}/toggle-active`);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ is_active: true, message: 'Espacio activado exitosamente' });
    const activeAgain = await t.as(admin).get('/api/espacios-activos').expect(200);
    expect(activeAgain.body.espacios.map((x: { id: number }) => x.id)).toContain(e.id);
    const offAgain = await t.as(admin).patch(`/api/espacios/${e.id}/toggle-active`).expect(200);
    expect(offAgain.body.is_active).toBe(false);
  });

  it('unknown ids are 404, malformed ids 422, in Spanish', async () => {
    for (const [method, path] of [
      ['get', '/api/espacios/999999'],
      ['put', '/api/espacios/999999'],
      ['delete', '/api/espacios/999999'],
      ['patch', '/api/espacios/999999/toggle-active'],
    ] as const) {
      const res = await t.as(admin)[method](path).send(espacioBody());
      expect([method, res.status, res.body.message]).toEqual([method, 404, 'El espacio no existe.']);
    }
    const bad = await t.as(admin).get('/api/espacios/abc');
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('El identificador no es válido.');
  });

  it('permissions: the eventos_internos area — view reads, create creates, edit edits and toggles, delete deactivates', async () => {
    const e = await createEspacio(t, admin);
    const none = await t.createUser(admin, { email: 'sin-area@aforo.test', permissions: { eventos_externos: ACTIONS } });
    const viewer = await t.createUser(admin, { email: 'ver-espacios@aforo.test', permissions: { eventos_internos: ['view'] } });
    const creator = await t.createUser(admin, {
      email: 'crear-espacios@aforo.test',
      name: 'Laura Treviño',
      permissions: { eventos_internos: ['view', 'create'] },
    });
    const editor = await t.createUser(admin, { email: 'editar-espacios@aforo.test', permissions: { eventos_internos: ['view', 'edit'] } });
    const remover = await t.createUser(admin, {
      email: 'borrar-espacios@aforo.test',
      permissions: { eventos_internos: ['view', 'delete'] },
    });
    const calls = {
      list: (tok: string) => t.as(tok).get('/api/espacios'),
      active: (tok: string) => t.as(tok).get('/api/espacios-activos'),
      get: (tok: string) => t.as(tok).get(`/api/espacios/${e.id}`),
      create: (tok: string) => postEspacio(t, tok),
      update: (tok: string) => putEspacio(t, tok, e.id),
      toggle: (tok: string) => t.as(tok).patch(`/api/espacios/${e.id}/toggle-active`),
      remove: (tok: string) => t.as(tok).delete(`/api/espacios/${e.id}`),
    };
    const statuses = async (tok: string) => {
      const out: Record<string, number> = {};
      for (const [name, call] of Object.entries(calls)) {
        out[name] = (await call(tok)).status;
        // Keep the space active for the next call.
        if (name === 'toggle' || name === 'remove') await t.query(`UPDATE espacios SET is_active = true WHERE id = $1`, [e.id]);
      }
      return out;
    };
    expect(await statuses(none.token)).toEqual({ list: 403, active: 403, get: 403, create: 403, update: 403, toggle: 403, remove: 403 });
    expect(await statuses(viewer.token)).toEqual({ list: 200, active: 200, get: 200, create: 403, update: 403, toggle: 403, remove: 403 });
    expect(await statuses(creator.token)).toEqual({ list: 200, active: 200, get: 200, create: 201, update: 403, toggle: 403, remove: 403 });
    expect(await statuses(editor.token)).toEqual({ list: 200, active: 200, get: 200, create: 403, update: 200, toggle: 200, remove: 403 });
    expect(await statuses(remover.token)).toEqual({ list: 200, active: 200, get: 200, create: 403, update: 403, toggle: 403, remove: 200 });
    const anon = await t.http().get('/api/espacios');
    expect(anon.status).toBe(401);
    const forbidden = await calls.create(viewer.token);
    expect(forbidden.body.message).toEqual(expect.any(String));
    const mine = await createEspacio(t, creator.token);
    expect(mine.creator).toEqual({ id: creator.id, name: 'Laura Treviño' });
  });

  it('every change is audited (space.created / updated / deactivated / activated)', async () => {
    const e = await createEspacio(t, admin);
    await putEspacio(t, admin, e.id).expect(200);
    await t.as(admin).delete(`/api/espacios/${e.id}`).expect(200);
    await t.as(admin).patch(`/api/espacios/${e.id}/toggle-active`).expect(200);
    await t.flushOutbox();
    const rows = await eventually(
      () =>
        t.query<{ event_type: string; action: string; resource_type: string }>(
          `SELECT event_type, action, resource_type FROM audit_logs WHERE resource_id = $1 AND resource_type = 'espacio' ORDER BY id`,
          [String(e.id)],
        ),
      (r) => r.length === 4,
    );
    expect(rows).toEqual([
      { event_type: 'space.created', action: 'create', resource_type: 'espacio' },
      { event_type: 'space.updated', action: 'update', resource_type: 'espacio' },
      { event_type: 'space.deactivated', action: 'delete', resource_type: 'espacio' },
      { event_type: 'space.activated', action: 'update', resource_type: 'espacio' },
    ]);
  });
});
