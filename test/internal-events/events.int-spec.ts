import { assignPersonas, createInternalEvent, insertPersonas, postInternalEvent, putInternalEvent } from '../factories/internal-events';
import { eventually, TestApp, signedInApp } from '../setup/test-app';

describe('internal events: list, create, edit, delete, attendees', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s));

  it('creates with the spec fields, a slug, borrador/confirmado only; validates in Spanish', async () => {
    const res = await postInternalEvent(t, admin, { titulo: 'Informe Anual 2026' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Evento interno creado exitosamente');
    expect(res.body.evento).toMatchObject({
      titulo: 'Informe Anual 2026',
      slug: 'informe-anual-2026',
      tipo: 'reunion',
      estado: 'confirmado',
      asistentes_count: 0,
      espacios: [],
    });
    const again = await createInternalEvent(t, admin, { titulo: 'Informe Anual 2026' });
    expect(again.slug).toBe('informe-anual-2026-2');
    const digits = await createInternalEvent(t, admin, { titulo: '2026' });
    expect(digits.slug).toMatch(/[a-z]/);

    const bad = await t.as(admin).post('/api/eventos-internos').send({ estado: 'cancelado', tipo: 'fiesta' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      titulo: expect.arrayContaining(['El título es obligatorio.']),
      fecha_evento: expect.any(Array),
      tipo: ['El tipo no es válido.'],
      estado: ['Al crear, el estado solo puede ser borrador o confirmado.'],
    });
    const ends = await postInternalEvent(t, admin, { fecha_fin: '2026-12-09T10:00:00.000Z' });
    expect(ends.status).toBe(422);
    expect(ends.body.errors.fecha_fin).toEqual(['La fecha de fin no puede ser anterior a la de inicio.']);
  });

  it('lists with the filters applied by the server, each event with its counts', async () => {
    const a = await createInternalEvent(t, admin, { titulo: 'Taller A', tipo: 'taller', estado: 'borrador' });
    await createInternalEvent(t, admin, { titulo: 'Conferencia B', tipo: 'conferencia' });
    const [p1, p2] = await insertPersonas(t, 2, 'LISTA');
    await assignPersonas(t, admin, a.id, [p1, p2]);
    const talleres = await t.as(admin).get('/api/eventos-internos?tipo=taller').expect(200);
    expect(talleres.body.eventos.map((e: { titulo: string }) => e.titulo)).toEqual(['Taller A']);
    expect(talleres.body.eventos[0]).toMatchObject({
      asistentes_count: 2,
      asistentes_pendientes_count: 2,
      asistentes_confirmados_count: 0,
    });
    const borradores = await t.as(admin).get('/api/eventos-internos?estado=borrador&tipo=taller').expect(200);
    expect(borradores.body.eventos).toHaveLength(1);
    const todos = await t.as(admin).get('/api/eventos-internos?estado=todos&tipo=todos').expect(200);
    expect(todos.body.eventos.length).toBeGreaterThanOrEqual(2);
    const wrong = await t.as(admin).get('/api/eventos-internos?estado=archivado');
    expect(wrong.status).toBe(422);
  });

  it('updates any estado; deletes only a borrador (409 in Spanish otherwise)', async () => {
    const e = await createInternalEvent(t, admin, { estado: 'borrador' });
    const put = await putInternalEvent(t, admin, e.id, { titulo: 'Nuevo título', estado: 'completado', espacio_id: null });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      message: 'Evento interno actualizado exitosamente',
      evento: { titulo: 'Nuevo título', estado: 'completado', slug: e.slug },
    });
    const refused = await t.as(admin).delete(`/api/eventos-internos/${e.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Solo se pueden eliminar eventos internos en estado borrador.');
    const draft = await createInternalEvent(t, admin, { estado: 'borrador' });
    const del = await t.as(admin).delete(`/api/eventos-internos/${draft.id}`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Evento interno eliminado exitosamente');
    expect((await t.as(admin).get(`/api/eventos-internos/${draft.id}`)).status).toBe(404);
  });

  it('assigns people as pendiente with distinct 5-character codes from the alphabet; skips the already invited', async () => {
    const e = await createInternalEvent(t, admin);
    const ids = await insertPersonas(t, 30, 'CODIGOS');
    const first = await assignPersonas(t, admin, e.id, ids.slice(0, 20));
    expect(first.assigned_count).toBe(20);
    expect(first.message).toBe('20 persona(s) asignada(s) exitosamente');
    const second = await assignPersonas(t, admin, e.id, [...ids.slice(10, 30), 99999999]);
    expect(second.assigned_count).toBe(10);
    const list = await t.as(admin).get(`/api/eventos-internos/${e.id}/asistentes`).expect(200);
    expect(list.body.asistentes).toHaveLength(30);
    const codes: string[] = list.body.asistentes.map((a: { pivot: { confirmation_code: string } }) => a.pivot.confirmation_code);
    expect(new Set(codes).size).toBe(30);
    for (const c of codes) expect(c).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{5}$/);
    expect(list.body.asistentes[0]).toMatchObject({
      nombre_completo: expect.stringContaining('GARZA'),
      pivot: { confirmacion: 'pendiente' },
      asiento: null,
      empresa: null,
      puesto: null,
    });
    const empty = await t.as(admin).post(`/api/eventos-internos/${e.id}/asistentes`).send({ persona_ids: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.persona_ids).toContain('Selecciona al menos una persona.');
  });

  it('the database refuses a duplicate code in one event and a code outside the alphabet', async () => {
    const e = await createInternalEvent(t, admin);
    const [a, b] = await insertPersonas(t, 2, 'DUP');
    await t.query(`INSERT INTO evento_asistentes (evento_interno_id, persona_id, confirmation_code) VALUES ($1, $2, 'ABCDE')`, [e.id, a]);
    await expect(
      t.query(`INSERT INTO evento_asistentes (evento_interno_id, persona_id, confirmation_code) VALUES ($1, $2, 'ABCDE')`, [e.id, b]),
    ).rejects.toThrow(/evento_asistentes_code_key/);
    await expect(
      t.query(`INSERT INTO evento_asistentes (evento_interno_id, persona_id, confirmation_code) VALUES ($1, $2, 'ABCD0')`, [e.id, b]),
    ).rejects.toThrow(/evento_asistentes_code_check/);
  });

  it('a code collision is retried: every person still gets a unique code', async () => {
    const e = await createInternalEvent(t, admin);
    const ids = await insertPersonas(t, 40, 'COLISION');
    await assignPersonas(t, admin, e.id, ids.slice(0, 1));
    // Force collisions: the generator's first draws repeat the stored code, then it draws normally.
    const [{ confirmation_code: taken }] = await t.query<{ confirmation_code: string }>(
      `SELECT confirmation_code FROM evento_asistentes WHERE evento_interno_id = $1`,
      [e.id],
    );
    const codes = jest.requireActual<typeof import('../../api/src/modules/internal-events/confirmation-codes')>(
      '../../api/src/modules/internal-events/confirmation-codes',
    );
    const spy = jest.spyOn(codes, 'distinctConfirmationCodes').mockImplementationOnce((n: number) => {
      const fresh: string[] = [];
      for (let i = 0; i < n; i++) fresh.push(i === 0 ? taken : `${'ABCDEFGHJK'[Math.floor(i / 10) % 10]}${'ABCDEFGHJK'[i % 10]}ZZZ`);
      return fresh;
    });
    const res = await assignPersonas(t, admin, e.id, ids.slice(1));
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();
    expect(res.assigned_count).toBe(39);
    const [{ n }] = await t.query<{ n: number }>(
      `SELECT count(DISTINCT confirmation_code)::int AS n FROM evento_asistentes WHERE evento_interno_id = $1`,
      [e.id],
    );
    expect(n).toBe(40);
  });

  it('assigning 5,000 people is one request and one INSERT statement', async () => {
    const e = await createInternalEvent(t, admin);
    const ids = await insertPersonas(t, 5000, 'MASIVO');
    const queries: string[] = [];
    // Count INSERTs into evento_asistentes through the pool's query log.
    const original = t.db.createQueryRunner;
    const runner = t.db.createQueryRunner.bind(t.db);
    t.db.createQueryRunner = ((...args: Parameters<typeof runner>) => {
      const qr = runner(...args);
      const q = qr.query.bind(qr);
      qr.query = ((sql: string, params?: unknown[], ...rest: unknown[]) => {
        queries.push(sql);
        return (q as (...a: unknown[]) => unknown)(sql, params, ...rest);
      }) as typeof qr.query;
      return qr;
    }) as typeof t.db.createQueryRunner;
    try {
      const res = await assignPersonas(t, admin, e.id, ids);
      expect(res.assigned_count).toBe(5000);
      expect(res.message).toBe('5000 persona(s) asignada(s) exitosamente');
    } finally {
      t.db.createQueryRunner = original;
    }
    expect(queries.filter((q) => /INSERT INTO evento_asistentes/.test(q))).toHaveLength(1);
    const detail = await t.as(admin).get(`/api/eventos-internos/${e.id}`).expect(200);
    expect(detail.body.evento).toMatchObject({ asistentes_count: 5000, asistentes_pendientes_count: 5000 });
  });

  it('status changes and removal keep the counters; the cycle values are validated', async () => {
    const e = await createInternalEvent(t, admin);
    const [a, b] = await insertPersonas(t, 2, 'CICLO');
    await assignPersonas(t, admin, e.id, [a, b]);
    const put = await t.as(admin).put(`/api/eventos-internos/${e.id}/asistentes/${a}`).send({ confirmacion: 'confirmado' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      message: 'Estado actualizado exitosamente',
      asistente: { id: a, pivot: { confirmacion: 'confirmado' } },
    });
    await t.as(admin).put(`/api/eventos-internos/${e.id}/asistentes/${b}`).send({ confirmacion: 'asistio' }).expect(200);
    let ev = (await t.as(admin).get(`/api/eventos-internos/${e.id}`)).body.evento;
    expect(ev).toMatchObject({
      asistentes_count: 2,
      asistentes_confirmados_count: 1,
      asistentes_asistieron_count: 1,
      asistentes_pendientes_count: 0,
    });
    const bad = await t.as(admin).put(`/api/eventos-internos/${e.id}/asistentes/${a}`).send({ confirmacion: 'tal-vez' });
    expect(bad.status).toBe(422);
    const notInvited = await t.as(admin).put(`/api/eventos-internos/${e.id}/asistentes/99999999`).send({ confirmacion: 'pendiente' });
    expect(notInvited.status).toBe(404);
    const del = await t.as(admin).delete(`/api/eventos-internos/${e.id}/asistentes/${a}`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Asistente removido exitosamente');
    ev = (await t.as(admin).get(`/api/eventos-internos/${e.id}`)).body.evento;
    expect(ev).toMatchObject({ asistentes_count: 1, asistentes_confirmados_count: 0, asistentes_asistieron_count: 1 });
    expect((await t.as(admin).delete(`/api/eventos-internos/${e.id}/asistentes/${a}`)).status).toBe(404);
  });

  it('available-personas pages by 50 on the server, without the invited, searching every word in name and e-mail', async () => {
    const e = await createInternalEvent(t, admin);
    const ids = await insertPersonas(t, 120, 'DISPONIBLE');
    await assignPersonas(t, admin, e.id, ids.slice(0, 10));
    const page1 = await t.as(admin).get(`/api/eventos-internos/${e.id}/available-personas?search=disponible`).expect(200);
    expect(page1.body).toMatchObject({ total: 110, page: 1, per_page: 50, last_page: 3 });
    expect(page1.body.personas).toHaveLength(50);
    expect(page1.body.personas[0]).toEqual({
      id: expect.any(Number),
      nombre_completo: expect.stringContaining('DISPONIBLE'),
      correo_electronico: expect.stringContaining('@correo.mx'),
      empresa: null,
      puesto: null,
    });
    const invited = new Set(ids.slice(0, 10));
    expect(page1.body.personas.some((p: { id: number }) => invited.has(p.id))).toBe(false);
    const page3 = await t.as(admin).get(`/api/eventos-internos/${e.id}/available-personas?search=disponible&page=3`).expect(200);
    expect(page3.body.personas).toHaveLength(10);
    const words = await t
      .as(admin)
      .get(`/api/eventos-internos/${e.id}/available-personas?search=${encodeURIComponent('López DISPONIBLE 115')}`)
      .expect(200);
    expect(words.body.personas.map((p: { nombre_completo: string }) => p.nombre_completo)).toEqual(['DISPONIBLE 115 GARZA LÓPEZ']);
    const byMail = await t.as(admin).get(`/api/eventos-internos/${e.id}/available-personas?search=disponible77@correo`).expect(200);
    expect(byMail.body.total).toBe(1);
  });

  it('sectores and empresas catalogues', async () => {
    await t.query(`INSERT INTO sectores (nombre) VALUES ('SALUD') ON CONFLICT DO NOTHING`);
    await t.query(`INSERT INTO empresas (nombre) VALUES ('ACME') ON CONFLICT DO NOTHING`);
    const s = await t.as(admin).get('/api/sectores').expect(200);
    expect(s.body.sectores).toEqual(expect.arrayContaining([{ id: expect.any(Number), nombre: 'SALUD' }]));
    const em = await t.as(admin).get('/api/empresas').expect(200);
    expect(em.body.empresas).toEqual(expect.arrayContaining([{ id: expect.any(Number), nombre: 'ACME' }]));
  });

  it('every change is a domain event, audited', async () => {
    const e = await createInternalEvent(t, admin, { titulo: 'Auditado' });
    const [p] = await insertPersonas(t, 1, 'AUDIT');
    await assignPersonas(t, admin, e.id, [p]);
    await t.as(admin).put(`/api/eventos-internos/${e.id}/asistentes/${p}`).send({ confirmacion: 'confirmado' }).expect(200);
    await t.as(admin).delete(`/api/eventos-internos/${e.id}/asistentes/${p}`).expect(200);
    await t.flushOutbox();
    const audited = await eventually(
      () =>
        t.query<{ action: string; resource_type: string }>(
          `SELECT action, resource_type FROM audit_logs WHERE resource_id = $1 AND resource_type LIKE 'internal_event%' ORDER BY id`,
          [String(e.id)],
        ),
      (rows) => rows.length >= 4,
    );
    expect(audited).toEqual([
      { action: 'create', resource_type: 'internal_event' },
      { action: 'create', resource_type: 'internal_event_attendee' },
      { action: 'update', resource_type: 'internal_event_attendee' },
      { action: 'delete', resource_type: 'internal_event_attendee' },
    ]);
  });
});
