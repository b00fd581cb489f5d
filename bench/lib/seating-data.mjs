// The data the seating benches share (bench:seating, bench:seating-map): a stadium of two side × side sections,
// people spread over 400 companies, and an internal event on the stadium with those people as attendees.
// `call(method, path, body, expectedStatus)` is the bench's signed-in API client; `db` a pg client on its database.

/** The space 'Estadio Municipal', its seats written by the spaces module: sections N and S of side × side seats. */
export async function createStadium(call, side) {
  const section = (codigo) => ({ nombre: `Sección ${codigo}`, codigo, filas: side, asientos_por_fila: side, color: '#1d4f91' });
  const { espacio } = await call(
    'POST',
    '/api/espacios',
    { nombre: 'Estadio Municipal', descripcion: null, layout_config: '2', pasillos: [], secciones: [section('N'), section('S')] },
    201,
  );
  return espacio;
}

/** `count` people (straight into the table: their import is not what these benches measure); their ids in order. */
export async function insertPeople(db, count) {
  await db.query(`INSERT INTO empresas (nombre) SELECT 'EMPRESA ' || g FROM generate_series(1, 400) g`);
  return (
    await db.query(
      `INSERT INTO personas (nombre, apellido_paterno, apellido_materno, empresa_id, search_text, sort_key)
       SELECT 'PERSONA ' || g, 'GARZA', 'LÓPEZ', (SELECT min(id) FROM empresas) + (g * 7919) % 400, 'persona ' || g, lpad(g::text, 6, '0')
         FROM generate_series(1, $1) g RETURNING id`,
      [count],
    )
  ).rows.map((r) => r.id);
}

/** A confirmed internal event in a week on `espacioId` (seat choice on), `personas` its pending attendees. */
export async function createSeatedEvent(call, { titulo, espacioId, personas }) {
  const { evento } = await call(
    'POST',
    '/api/eventos-internos',
    { titulo, fecha_evento: new Date(Date.now() + 7 * 86_400_000).toISOString(), tipo: 'presentacion', estado: 'confirmado' },
    201,
  );
  await call('POST', `/api/eventos-internos/${evento.id}/assign-espacio`, { espacio_id: espacioId, permite_seleccion_asiento: true }, 201);
  for (let i = 0; i < personas.length; i += 10_000)
    await call(
      'POST',
      `/api/eventos-internos/${evento.id}/asistentes`,
      { persona_ids: personas.slice(i, i + 10_000), confirmacion: 'pendiente' },
      201,
    );
  return evento;
}
