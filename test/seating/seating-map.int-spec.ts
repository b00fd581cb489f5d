import type { SeatingMapCompactResponse, SeatingMapResponse } from '../../api/src/shared/contracts/seating.contract';
import { computeSeatLayout, listSeats } from '../../api/src/shared/rules/seat-layout';
import { eventInSpace as spacedEvent } from '../factories/internal-events';
import { seccion } from '../factories/spaces';
import { signedInApp, type TestApp } from '../setup/test-app';

/**
 * GET …/seating-map answers the spec's form by default (spec 2 §3, §7: spaces → secciones →
 * asientos, each seat with id, seccion_id, fila, numero, codigo, displayCode and asignacion), labelled by the
 * one seat-label engine; `?formato=compacto` answers the seating screen's form. Both come from the same reads
 * and each has its own ETag.
 */
describe('seating map: the spec form by default, the compact form on request', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s));

  const url = (id: number, formato?: string) => `/api/eventos-internos/${id}/seating-map${formato ? `?formato=${formato}` : ''}`;
  const secciones = [seccion('VIP', 2, 3), seccion('A', 3, 4), seccion('B', 1, 2)];
  const layout_config = '2,1';

  it('the default answer: spaces → secciones → asientos, every place labelled by the seat-label engine, with its assignment', async () => {
    const { e, espacio, ids, secs, seats } = await spacedEvent(t, admin, { people: 2, secciones, layout_config });
    // A place with no stored seat ('not registered') and an attendee with company, position and sector.
    const gone = seats.find((s) => s.seccion_id === secs[2].id && s.numero === 2)!;
    await t.query(`DELETE FROM asientos WHERE id = $1`, [gone.id]);
    const [empresa] = await t.query<{ id: number }>(`INSERT INTO empresas (nombre) VALUES ('ACME MAPA') RETURNING id`);
    const [sector] = await t.query<{ id: number }>(`SELECT id FROM sectores ORDER BY id LIMIT 1`);
    await t.query(`UPDATE personas SET empresa_id = $2, sector_id = $3 WHERE id = $1`, [ids[0], empresa.id, sector?.id ?? null]);
    const seat = seats.find((s) => s.seccion_id === secs[1].id && s.fila === 2 && s.numero === 3)!;
    const given = await t.as(admin).post(`/api/eventos-internos/${e.id}/assign-seat`).send({ persona_id: ids[0], asiento_id: seat.id });
    expect(given.status).toBe(201);

    const res = await t.as(admin).get(url(e.id)).expect(200);
    const m = res.body as SeatingMapResponse;
    expect(m.formato).toBe('completo');
    expect(m).not.toHaveProperty('asignaciones');
    expect(m.evento).toMatchObject({ id: e.id });
    expect(m.totals).toEqual({ asientos: 6 + 12 + 1, asignados: 1 });
    expect(m.seating_map).toHaveLength(1);
    const [space] = m.seating_map;
    expect(space).toMatchObject({ id: espacio.id, layout_config, capacidad_total: 20 });
    expect(space.secciones.map((s) => [s.codigo, s.espacio_id, s.asientos.length])).toEqual([
      ['VIP', espacio.id, 6],
      ['A', espacio.id, 12],
      ['B', espacio.id, 2],
    ]);

    // Every label is the engine's, place by place (the same engine wrote the stored codes).
    const engine = listSeats(computeSeatLayout(space.secciones, layout_config));
    const sent = space.secciones.flatMap((s) => s.asientos);
    expect(sent.map((a) => [a.fila, a.numero, a.codigo, a.displayCode])).toEqual(
      engine.map((l) => [l.fila, l.numero, l.codigo, l.displayCode]),
    );
    const stored = new Map(
      (await t.query<{ id: number; codigo: string }>(`SELECT id, codigo FROM asientos WHERE espacio_id = $1`, [espacio.id])).map((r) => [
        r.id,
        r.codigo,
      ]),
    );
    for (const a of sent.filter((x) => x.id !== null)) expect(a.codigo).toBe(stored.get(a.id!));
    // The second layout row starts its letters after the tallest section of the first: B's only row is 'D'.
    expect(space.secciones[2].asientos.map((a) => [a.id, a.seccion_id, a.codigo, a.displayCode])).toEqual([
      [expect.any(Number), secs[2].id, 'D-1', 'B-D-1'],
      [null, secs[2].id, 'D-2', 'B-D-2'],
    ]);

    const held = sent.find((a) => a.id === seat.id)!;
    expect(held).toMatchObject({ seccion_id: secs[1].id, fila: 2, numero: 3 });
    expect(held.asignacion).toEqual({
      id: given.body.asignacion.id,
      persona: {
        id: ids[0],
        nombre_completo: expect.stringContaining('ESPACIO'),
        empresa_id: empresa.id,
        empresa: { id: empresa.id, nombre: 'ACME MAPA' },
        puesto: null,
        sector_id: sector?.id ?? null,
        sector: sector ? { id: sector.id, nombre: expect.any(String) } : null,
      },
      estado: 'asignado',
      attendance_status: 'pendiente',
      asignacion_masiva_id: null,
    });
    expect(sent.filter((a) => a.asignacion !== null)).toHaveLength(1);
  });

  it('both forms come from the same reads: same event, version, totals, seats and assignments', async () => {
    const { e, ids, seats } = await spacedEvent(t, admin, { people: 3, secciones, layout_config });
    for (const [i, persona_id] of ids.entries()) {
      await t
        .as(admin)
        .post(`/api/eventos-internos/${e.id}/assign-seat`)
        .send({ persona_id, asiento_id: seats[i * 4].id })
        .expect(201);
    }
    const full = (await t.as(admin).get(url(e.id)).expect(200)).body as SeatingMapResponse;
    const compact = (await t.as(admin).get(url(e.id, 'compacto')).expect(200)).body as SeatingMapCompactResponse;
    expect(compact.formato).toBe('compacto');
    expect(full.version).toBe(compact.version);
    expect(full.evento).toEqual(compact.evento);
    expect(full.totals).toEqual(compact.totals);
    expect(full.last_mass_assignment).toEqual(compact.last_mass_assignment);
    expect(full.seating_map.map((s) => s.secciones.map((c) => c.asientos.map((a) => a.id)))).toEqual(
      compact.seating_map.map((s) => s.secciones.map((c) => c.seat_ids)),
    );
    const fromFull = full.seating_map
      .flatMap((s) => s.secciones.flatMap((c) => c.asientos))
      .filter((a) => a.asignacion)
      .map((a) => [a.id, a.asignacion!.id, a.asignacion!.persona.id, a.asignacion!.attendance_status]);
    const fromCompact = compact.asignaciones.map((a) => [a.asiento_id, a.id, a.persona.id, a.attendance_status]);
    const byAssignment = (rows: unknown[][]) => [...rows].sort((a, b) => (a[1] as number) - (b[1] as number));
    expect(byAssignment(fromFull)).toEqual(byAssignment(fromCompact));
    expect(fromCompact).toHaveLength(3);
  });

  it('each form has its own ETag and its own 304', async () => {
    const { e, ids, seats } = await spacedEvent(t, admin, { people: 1, secciones, layout_config });
    const full = await t.as(admin).get(url(e.id)).expect(200);
    const explicit = await t.as(admin).get(url(e.id, 'completo')).expect(200);
    const compact = await t.as(admin).get(url(e.id, 'compacto')).expect(200);
    const [fullTag, compactTag] = [full.headers.etag as string, compact.headers.etag as string];
    expect(fullTag).toMatch(/^"[\w-]+"$/);
    expect(compactTag).toMatch(/^"[\w-]+"$/);
    expect(fullTag).not.toBe(compactTag);
    expect(explicit.headers.etag).toBe(fullTag);
    expect(full.headers['cache-control']).toBe('no-store');
    expect(compact.headers['cache-control']).toBe('no-store');

    const fullAgain = await t.as(admin).get(url(e.id)).set('If-None-Match', fullTag);
    expect(fullAgain.status).toBe(304);
    expect(fullAgain.text ?? '').toBe('');
    const compactAgain = await t.as(admin).get(url(e.id, 'compacto')).set('If-None-Match', compactTag);
    expect(compactAgain.status).toBe(304);
    // One form's ETag never stands for the other.
    const crossed = await t.as(admin).get(url(e.id)).set('If-None-Match', compactTag).expect(200);
    expect(crossed.body.formato).toBe('completo');
    expect((await t.as(admin).get(url(e.id, 'compacto')).set('If-None-Match', fullTag)).status).toBe(200);

    // A change gives each form a new ETag and the whole answer.
    await t.as(admin).post(`/api/eventos-internos/${e.id}/assign-seat`).send({ persona_id: ids[0], asiento_id: seats[0].id }).expect(201);
    const fullChanged = await t.as(admin).get(url(e.id)).set('If-None-Match', fullTag).expect(200);
    const compactChanged = await t.as(admin).get(url(e.id, 'compacto')).set('If-None-Match', compactTag).expect(200);
    expect(fullChanged.headers.etag).not.toBe(fullTag);
    expect(compactChanged.headers.etag).not.toBe(compactTag);
    expect(fullChanged.headers.etag).not.toBe(compactChanged.headers.etag);
  });

  it('OpenAPI documents both forms: the formato parameter and one schema per form, told apart by formato', async () => {
    const doc = (await t.http().get('/api/docs/openapi.json').expect(200)).body;
    const op = doc.paths['/api/eventos-internos/{id}/seating-map'].get;
    expect(op.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'formato',
          in: 'query',
          required: false,
          schema: expect.objectContaining({ enum: ['completo', 'compacto'] }),
        }),
      ]),
    );
    const ok = op.responses['200'].content['application/json'].schema;
    expect(ok.oneOf).toEqual([{ $ref: '#/components/schemas/MapaDeAsientos' }, { $ref: '#/components/schemas/MapaDeAsientosCompacto' }]);
    expect(ok.discriminator.propertyName).toBe('formato');
    expect(op.responses['304']).toBeDefined();
    const seat = doc.components.schemas.AsientoDelMapa;
    expect(seat.required).toEqual(['id', 'seccion_id', 'fila', 'numero', 'codigo', 'displayCode', 'asignacion']);
  });

  it('an unknown formato is refused with a Spanish message per field; no token, no map in either form', async () => {
    const { e } = await spacedEvent(t, admin, { people: 0, secciones, layout_config });
    const bad = await t.as(admin).get(url(e.id, 'xml'));
    expect(bad.status).toBe(422);
    expect(bad.body.errors.formato).toEqual(['El formato del mapa no es válido: usa completo o compacto.']);
    expect((await t.http().get(url(e.id, 'compacto'))).status).toBe(401);
    expect((await t.http().get(url(e.id))).status).toBe(401);
  });
});
