import { expect, type APIRequestContext } from '@playwright/test';
import { bearer as auth } from '../setup/browser';

export async function createInternalEventViaApi(
  request: APIRequestContext,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; slug: string; titulo: string }> {
  const res = await request.post('/api/eventos-internos', {
    headers: auth(token),
    data: {
      titulo: `Reunión de Gabinete ${Date.now()}`,
      descripcion: 'Seguimiento mensual de los programas municipales con las secretarías.',
      fecha_evento: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      ubicacion: 'Sala de Cabildo, Palacio Municipal',
      tipo: 'reunion',
      estado: 'confirmado',
      ...overrides,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { evento: { id: number; slug: string; titulo: string } }).evento;
}

type NewPerson = {
  nombre: string;
  apellido_paterno: string;
  apellido_materno?: string;
  telefono_celular?: string;
  correo_electronico?: string;
};

export async function createPeopleViaApi(request: APIRequestContext, token: string, people: NewPerson[]): Promise<number[]> {
  const ids: number[] = [];
  for (const p of people) {
    const res = await request.post('/api/personas', { headers: auth(token), data: p });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { persona: { id: number } }).persona.id);
  }
  return ids;
}

export async function assignViaApi(
  request: APIRequestContext,
  token: string,
  eventId: number,
  personaIds: number[],
): Promise<Array<{ id: number; pivot: { confirmation_code: string } }>> {
  const res = await request.post(`/api/eventos-internos/${eventId}/asistentes`, {
    headers: auth(token),
    data: { persona_ids: personaIds, confirmacion: 'pendiente' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { asistentes: Array<{ id: number; pivot: { confirmation_code: string } }> }).asistentes;
}

type NewSection = { nombre: string; codigo: string; filas: number; asientos_por_fila: number; color?: string };

export async function createSpaceViaApi(
  request: APIRequestContext,
  token: string,
  nombre: string,
  secciones: NewSection[],
): Promise<{ id: number }> {
  const res = await request.post('/api/espacios', {
    headers: auth(token),
    data: { nombre, descripcion: null, layout_config: String(secciones.length), pasillos: [], secciones },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { espacio: { id: number } }).espacio;
}

export async function setSpaceViaApi(request: APIRequestContext, token: string, eventId: number, espacioId: number): Promise<void> {
  const res = await request.post(`/api/eventos-internos/${eventId}/assign-espacio`, {
    headers: auth(token),
    data: { espacio_id: espacioId, permite_seleccion_asiento: true, replace_existing: true },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * The stage most internal-events screens start from, made through the API in this order: a space, an event
 * held in it (`evento`: its fields), and people invited to it (pendiente).
 */
export async function eventInSpaceViaApi(
  request: APIRequestContext,
  token: string,
  stage: { espacio: string; secciones: NewSection[]; evento?: Record<string, unknown>; people: NewPerson[] },
) {
  const espacio = await createSpaceViaApi(request, token, stage.espacio, stage.secciones);
  const evento = await createInternalEventViaApi(request, token, stage.evento);
  await setSpaceViaApi(request, token, evento.id, espacio.id);
  const ids = await createPeopleViaApi(request, token, stage.people);
  const asistentes = await assignViaApi(request, token, evento.id, ids);
  return { espacio, evento, ids, asistentes };
}

/**
 * The screenshot suites' stage: the Palacio Municipal's auditorium (Preferente 3 × 8 and a General of the given
 * size), the annual report held in it (`evento` adds fields) and `people` invited.
 */
export function reportInAuditoriumViaApi(
  request: APIRequestContext,
  token: string,
  stage: { general: { filas: number; asientos_por_fila: number }; evento?: Record<string, unknown>; people: NewPerson[] },
) {
  return eventInSpaceViaApi(request, token, {
    espacio: 'Auditorio del Palacio Municipal',
    secciones: [
      { nombre: 'Preferente', codigo: 'P', filas: 3, asientos_por_fila: 8, color: '#1d4f91' },
      { nombre: 'General', codigo: 'G', ...stage.general, color: '#177245' },
    ],
    evento: { titulo: 'Informe Anual de Actividades del Ayuntamiento', ...stage.evento },
    people: stage.people,
  });
}

export async function setStatusViaApi(request: APIRequestContext, token: string, eventId: number, personaId: number, confirmacion: string) {
  const res = await request.put(`/api/eventos-internos/${eventId}/asistentes/${personaId}`, {
    headers: auth(token),
    data: { confirmacion },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export async function autoSeatViaApi(request: APIRequestContext, token: string, eventId: number, personaId: number, seccionId: number) {
  const res = await request.post(`/api/eventos-internos/${eventId}/auto-assign-seat`, {
    headers: auth(token),
    data: { persona_id: personaId, seccion_id: seccionId },
  });
  expect(res.status(), await res.text()).toBe(201);
}

export async function sectionsOf(
  request: APIRequestContext,
  token: string,
  eventId: number,
): Promise<Array<{ id: number; codigo: string }>> {
  const res = await request.get(`/api/eventos-internos/${eventId}`, { headers: auth(token) });
  const body = (await res.json()) as { evento: { espacios: Array<{ secciones: Array<{ id: number; codigo: string }> }> } };
  return body.evento.espacios[0]?.secciones ?? [];
}

/** Realistic names for the screenshot suites' guests (nombre, apellido paterno, apellido materno). */
export const GUEST_NAMES = [
  ['María Fernanda', 'Garza', 'Treviño'],
  ['José Luis', 'Cantú', 'Leal'],
  ['Ana Sofía', 'Villarreal', 'González'],
  ['Carlos', 'Salinas', 'Elizondo'],
  ['Daniela', 'Peña', 'Zambrano'],
  ['Jorge', 'Cavazos', 'Ríos'],
  ['Lucía', 'Treviño', 'Garza'],
  ['Ricardo', 'Leal', 'Cantú'],
  ['Valeria', 'González', 'Salinas'],
  ['Héctor', 'Elizondo', 'Peña'],
  ['Paola', 'Zambrano', 'Cavazos'],
  ['Eduardo', 'Ríos', 'Villarreal'],
] as const;
