import type { TestApp } from '../setup/test-app';
import { staffForm } from './requests';
import { createEspacio } from './spaces';

export function internalEventBody(overrides: Record<string, unknown> = {}) {
  return {
    titulo: 'Reunión de Gabinete',
    descripcion: 'Reunión mensual de seguimiento',
    fecha_evento: '2026-12-10T16:00:00.000Z',
    fecha_fin: '2026-12-10T18:00:00.000Z',
    ubicacion: 'Sala de Cabildo',
    tipo: 'reunion',
    estado: 'confirmado',
    ...overrides,
  };
}

/** Creating and saving an internal event's form (`internalEventBody(overrides)`) as the token's holder; `createInternalEvent`, the event. */
export const {
  post: postInternalEvent,
  put: putInternalEvent,
  create: createInternalEvent,
} = staffForm<{ id: number; slug: string; estado: string; version: string }>('/api/eventos-internos', internalEventBody, 'evento');

/** n people straight into the table (one statement), as an import would leave them. Answers their ids. */
export async function insertPersonas(t: TestApp, n: number, prefix = 'PERSONA'): Promise<number[]> {
  const rows = await t.query<{ id: number }>(
    `INSERT INTO personas (nombre, apellido_paterno, apellido_materno, correo_electronico, telefono_celular, search_text, sort_key)
     SELECT $2 || ' ' || g, 'GARZA', 'LÓPEZ', lower($2) || g || '@correo.mx', '81' || lpad(g::text, 8, '0'),
            lower($2) || ' ' || g || ' garza lopez ' || lower($2) || g || '@correo.mx',
            'GARZA LOPEZ ' || $2 || ' ' || lpad(g::text, 6, '0')
       FROM generate_series(1, $1) g
     RETURNING id`,
    [n, prefix],
  );
  return rows.map((r) => r.id);
}

export async function assignPersonas(t: TestApp, token: string, eventId: number, personaIds: number[]) {
  const answer = await t.created(token, `/api/eventos-internos/${eventId}/asistentes`, {
    persona_ids: personaIds,
    confirmacion: 'pendiente',
  });
  return answer as {
    assigned_count: number;
    message: string;
    asistentes: Array<{ id: number; pivot: { confirmation_code: string; confirmacion: string } }>;
  };
}

/**
 * For tests that write seat assignments straight into the table: the internal event (with this id) and the
 * invitations (these persona ids) that asiento_asignaciones references, created if missing.
 */
export async function ensureInvited(t: TestApp, eventId: number, personaIds: number[]): Promise<void> {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const code = (n: number) =>
    Array.from({ length: 5 }, (_, i) => alphabet[Math.floor(n / alphabet.length ** i) % alphabet.length]).join('');
  await t.query(
    `INSERT INTO eventos_internos (id, slug, titulo, fecha_evento) VALUES ($1::int, 'evento-prueba-' || $1::int, 'Evento de prueba', now())
     ON CONFLICT DO NOTHING`,
    [eventId],
  );
  await t.query(`INSERT INTO personas (id, nombre) SELECT p, 'PERSONA ' || p FROM unnest($1::int[]) AS p ON CONFLICT DO NOTHING`, [
    personaIds,
  ]);
  await t.query(
    `INSERT INTO evento_asistentes (evento_interno_id, persona_id, confirmation_code)
     SELECT $1, p, c FROM unnest($2::int[], $3::text[]) AS t(p, c) ON CONFLICT DO NOTHING`,
    [eventId, personaIds, personaIds.map(code)],
  );
}

let spacedEvents = 0;

/**
 * An internal event in a new space of its own (the sections given, layout as given), with `people` new
 * attendees. Returns the event, the space, the attendees' ids, the section ids in layout order and the
 * seats (by section, row, number).
 */
export async function eventInSpace(
  t: TestApp,
  token: string,
  { people, secciones, layout_config = '2' }: { people: number; secciones: Array<Record<string, unknown>>; layout_config?: string },
) {
  const espacio = await createEspacio(t, token, { secciones, layout_config });
  const e = await createInternalEvent(t, token);
  await t.created(token, `/api/eventos-internos/${e.id}/assign-espacio`, { espacio_id: espacio.id, permite_seleccion_asiento: true });
  const ids = people > 0 ? await insertPersonas(t, people, `ESPACIO${++spacedEvents}X`) : [];
  if (ids.length) await assignPersonas(t, token, e.id, ids);
  const secs = await t.query<{ id: number; codigo: string }>(`SELECT id, codigo FROM secciones WHERE espacio_id = $1 ORDER BY orden`, [
    espacio.id,
  ]);
  const seats = await t.query<{ id: number; seccion_id: number; fila: number; numero: number }>(
    `SELECT id, seccion_id, fila, numero FROM asientos WHERE espacio_id = $1 ORDER BY seccion_id, fila, numero`,
    [espacio.id],
  );
  return { e, espacio, ids, secs, seats };
}
