import { assignPersonas, insertPersonas, eventInSpace as spacedEvent } from '../factories/internal-events';
import { createEspacio, seccion } from '../factories/spaces';
import { TestApp, signedInApp } from '../setup/test-app';

describe('internal events: space, auto-assigned seats, asistio with a section', () => {
  let t: TestApp;
  let admin: string;

  signedInApp((s) => ({ t, admin } = s));

  async function eventInSpace(people: number, secciones = [seccion('A', 3, 5), seccion('B', 1, 2)]) {
    const spaced = await spacedEvent(t, admin, { people, secciones });
    return { ...spaced, secA: spaced.secs[0].id, secB: spaced.secs[1]?.id };
  }

  const autoSeat = (eventId: number, persona_id: number, seccion_id: number) =>
    t.as(admin).post(`/api/eventos-internos/${eventId}/auto-assign-seat`).send({ persona_id, seccion_id });

  it('the event shows its space with capacity and sections', async () => {
    const { e, espacio, secA } = await eventInSpace(1);
    const detail = await t.as(admin).get(`/api/eventos-internos/${e.id}`).expect(200);
    expect(detail.body.evento.espacios).toEqual([
      {
        id: espacio.id,
        nombre: espacio.nombre,
        capacidad_total: 17,
        secciones: [
          expect.objectContaining({ id: secA, codigo: 'A', capacidad: 15, asignados: 0 }),
          expect.objectContaining({ codigo: 'B', capacidad: 2, asignados: 0 }),
        ],
      },
    ]);
    expect(detail.body.evento.permite_seleccion_asiento).toBe(true);
  });

  it('auto-assign: first row first, from the centre of the row outwards', async () => {
    const { e, ids, secA } = await eventInSpace(7);
    const seats: Array<{ fila: number; numero: number }> = [];
    for (const id of ids) {
      const res = await autoSeat(e.id, id, secA);
      expect(res.status).toBe(201);
      expect(res.body.message).toBe(`Asiento ${res.body.seat_assigned.displayCode} asignado exitosamente`);
      const [s] = await t.query<{ fila: number; numero: number }>(`SELECT fila, numero FROM asientos WHERE id = $1`, [
        res.body.seat_assigned.asiento_id,
      ]);
      seats.push(s);
    }
    expect(seats.map((s) => `${s.fila}:${s.numero}`)).toEqual(['1:3', '1:2', '1:4', '1:1', '1:5', '2:3', '2:2']);
    const again = await autoSeat(e.id, ids[0], secA);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('La persona ya tiene un asiento asignado en este evento.');
    const list = await t.as(admin).get(`/api/eventos-internos/${e.id}/asistentes`).expect(200);
    const withSeat = list.body.asistentes.find((a: { id: number }) => a.id === ids[0]);
    expect(withSeat.asiento).toMatchObject({
      codigo: expect.stringMatching(/^A-\d+$/),
      displayCode: expect.stringMatching(/^A-A-\d+$/),
      seccion: { codigo: 'A' },
    });
  });

  it('parallel auto-assignments take different seats; a full section says so', async () => {
    const { e, ids, secB, secA } = await eventInSpace(12);
    const answers = await Promise.all(ids.map((id) => autoSeat(e.id, id, secA)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(12);
    const [{ n, distinct }] = await t.query<{ n: number; distinct: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT asiento_id)::int AS distinct FROM asiento_asignaciones WHERE evento_interno_id = $1`,
      [e.id],
    );
    expect([n, distinct]).toEqual([12, 12]);
    const more = await insertPersonas(t, 3, 'LLENO');
    await assignPersonas(t, admin, e.id, more);
    await autoSeat(e.id, more[0], secB).expect(201);
    await autoSeat(e.id, more[1], secB).expect(201);
    const full = await autoSeat(e.id, more[2], secB);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('No hay asientos disponibles en esta sección.');
  });

  it('asistio without a seat: section + seat + status in one operation; without a section it is refused; all or nothing', async () => {
    const { e, ids, secA, secB } = await eventInSpace(4);
    const refused = await t.as(admin).put(`/api/eventos-internos/${e.id}/asistentes/${ids[0]}`).send({ confirmacion: 'asistio' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Por favor selecciona una sección');
    const ok = await t
      .as(admin)
      .put(`/api/eventos-internos/${e.id}/asistentes/${ids[0]}`)
      .send({ confirmacion: 'asistio', seccion_id: secA });
    expect(ok.status).toBe(200);
    expect(ok.body.asistente).toMatchObject({ pivot: { confirmacion: 'asistio' }, asiento: { seccion: { codigo: 'A' } } });
    expect(ok.body.seat_assigned).toMatchObject({ seccion: { id: secA } });
    // Section B has 2 seats: fill it, then a third asistio in B fails and leaves the status as it was.
    await t
      .as(admin)
      .put(`/api/eventos-internos/${e.id}/asistentes/${ids[1]}`)
      .send({ confirmacion: 'asistio', seccion_id: secB })
      .expect(200);
    await t
      .as(admin)
      .put(`/api/eventos-internos/${e.id}/asistentes/${ids[2]}`)
      .send({ confirmacion: 'asistio', seccion_id: secB })
      .expect(200);
    const full = await t
      .as(admin)
      .put(`/api/eventos-internos/${e.id}/asistentes/${ids[3]}`)
      .send({ confirmacion: 'asistio', seccion_id: secB });
    expect(full.status).toBe(409);
    const [row] = await t.query<{ confirmacion: string }>(
      `SELECT confirmacion FROM evento_asistentes WHERE evento_interno_id = $1 AND persona_id = $2`,
      [e.id, ids[3]],
    );
    expect(row.confirmacion).toBe('pendiente');
    // A person with a seat goes to asistio without a section.
    await t.as(admin).put(`/api/eventos-internos/${e.id}/asistentes/${ids[0]}`).send({ confirmacion: 'pendiente' }).expect(200);
    await t.as(admin).put(`/api/eventos-internos/${e.id}/asistentes/${ids[0]}`).send({ confirmacion: 'asistio' }).expect(200);
    // A section of another space is refused.
    const other = await createEspacio(t, admin);
    const [foreign] = await t.query<{ id: number }>(`SELECT id FROM secciones WHERE espacio_id = $1 LIMIT 1`, [other.id]);
    const wrong = await autoSeat(e.id, ids[3], foreign.id);
    expect(wrong.status).toBe(404);
  });

  it('removing an attendee frees their seat (foreign key cascade)', async () => {
    const { e, ids, secA } = await eventInSpace(1);
    await autoSeat(e.id, ids[0], secA).expect(201);
    await t.as(admin).delete(`/api/eventos-internos/${e.id}/asistentes/${ids[0]}`).expect(200);
    const [{ n }] = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM asiento_asignaciones WHERE evento_interno_id = $1`, [
      e.id,
    ]);
    expect(n).toBe(0);
  });

  it('space change: 409 requires_confirmation while seats are assigned; replace_existing releases them', async () => {
    const { e, ids, secA } = await eventInSpace(2);
    await autoSeat(e.id, ids[0], secA).expect(201);
    const other = await createEspacio(t, admin);
    const ask = await t
      .as(admin)
      .post(`/api/eventos-internos/${e.id}/assign-espacio`)
      .send({ espacio_id: other.id, permite_seleccion_asiento: true, replace_existing: false });
    expect(ask.status).toBe(409);
    expect(ask.body).toMatchObject({ requires_confirmation: true, message: expect.stringContaining('1 asiento(s) asignado(s)') });
    const ok = await t
      .as(admin)
      .post(`/api/eventos-internos/${e.id}/assign-espacio`)
      .send({ espacio_id: other.id, permite_seleccion_asiento: true, replace_existing: true });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      message: 'Espacio cambiado exitosamente',
      released_count: 1,
      event: { espacios: [expect.objectContaining({ id: other.id })] },
    });
    const none = await t.as(admin).post(`/api/eventos-internos/${e.id}/assign-espacio`).send({ espacio_id: null });
    expect(none.status).toBe(201);
    expect(none.body.event.espacios).toEqual([]);
    const missing = await t.as(admin).post(`/api/eventos-internos/${e.id}/assign-espacio`).send({ espacio_id: 999999 });
    expect(missing.status).toBe(422);
    // A space used by an event counts it.
    await t.as(admin).post(`/api/eventos-internos/${e.id}/assign-espacio`).send({ espacio_id: other.id }).expect(201);
    const space = await t.as(admin).get(`/api/espacios/${other.id}`).expect(200);
    expect(space.body.espacio.eventos_internos_count).toBe(1);
  });

  it('check-in: the code marks asistio and gives the first free seat; twice is harmless; an unknown code is 404', async () => {
    const { e, ids, secB } = await eventInSpace(3, [seccion('A', 1, 1), seccion('B', 1, 3)]);
    const codes = await t.query<{ persona_id: number; confirmation_code: string }>(
      `SELECT persona_id, confirmation_code FROM evento_asistentes WHERE evento_interno_id = $1 ORDER BY persona_id`,
      [e.id],
    );
    const first = await t
      .as(admin)
      .post(`/api/eventos-internos/${e.id}/check-in`)
      .send({ code: ` ${codes[0].confirmation_code.toLowerCase()} ` });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      already_checked_in: false,
      asistente: { id: ids[0], pivot: { confirmacion: 'asistio' } },
      seat_assigned: { seccion: { codigo: 'A' } },
    });
    // Section A is full now: the next one goes to B.
    const second = await t.as(admin).post(`/api/eventos-internos/${e.id}/check-in`).send({ code: codes[1].confirmation_code });
    expect(second.body.seat_assigned).toMatchObject({ seccion: { id: secB } });
    const again = await t.as(admin).post(`/api/eventos-internos/${e.id}/check-in`).send({ code: codes[0].confirmation_code });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ already_checked_in: true, seat_assigned: null });
    const unknown = await t.as(admin).post(`/api/eventos-internos/${e.id}/check-in`).send({ code: 'ZZZZZ' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No hay ningún invitado con ese código en este evento.');
    const detail = await t.as(admin).get(`/api/eventos-internos/${e.id}`).expect(200);
    expect(detail.body.evento.asistentes_asistieron_count).toBe(2);
  });
});
