import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { ExternalEventInput, ExternalEventResponse } from '../../api/src/shared/contracts/external-events.contract';
import { bearer, daysAhead } from '../setup/browser';

export type CreatedEvent = Pick<ExternalEventResponse, 'id' | 'slug' | 'title' | 'max_attendees' | 'current_attendees'>;

export async function createEventViaApi(
  request: APIRequestContext,
  token: string,
  overrides: Partial<Omit<ExternalEventInput, 'image_url'>> = {},
): Promise<CreatedEvent> {
  const eventDate = overrides.event_date ?? daysAhead(20);
  const res = await request.post('/api/eventos-externos', {
    headers: bearer(token),
    data: {
      title: `Evento de prueba ${Date.now()}`,
      description: 'Un evento creado por las pruebas del navegador.',
      event_date: eventDate,
      end_date: new Date(new Date(eventDate).getTime() + 2 * 3_600_000).toISOString(),
      location: 'Explanada de los Héroes, Monterrey',
      max_attendees: 50,
      status: 'published',
      requirements: [],
      agenda: [],
      ...overrides,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { event: CreatedEvent }).event;
}

export async function updateEventViaApi(
  request: APIRequestContext,
  token: string,
  id: number,
  body: Record<string, unknown>,
): Promise<void> {
  const res = await request.put(`/api/eventos-externos/${id}`, { headers: bearer(token), data: body });
  expect(res.ok(), await res.text()).toBeTruthy();
}

export async function uploadImageViaApi(
  request: APIRequestContext,
  token: string,
  id: number,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<string> {
  const res = await request.post(`/api/eventos-externos/${id}/upload-image`, {
    headers: bearer(token),
    multipart: { image: file },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { image_url: string }).image_url;
}

/** A public registration through the API (counts against the per-IP write limit: use sparingly). */
export async function registerViaApi(
  request: APIRequestContext,
  slug: string,
  person: { nombre: string; apellido_paterno: string; apellido_materno: string; email: string; phone?: string },
): Promise<void> {
  const res = await request.post(`/api/eventos/${slug}/register`, {
    data: {
      fecha_nacimiento: '1990-05-01',
      phone: '8112345678',
      tipo_participante: 'Emprendedor',
      ...person,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Fills the public registration form of /eventos/{slug} (or, given, the waitlist form that asks the same). */
export async function fillRegistration(
  page: Page,
  person: {
    nombre: string;
    paterno: string;
    materno: string;
    email: string;
    phone?: string;
    empresa?: string;
    tipo?: string;
    birth?: string;
  },
  form: Locator = page.getByTestId('registration-form'),
): Promise<void> {
  await form.getByLabel('Nombre(s)').fill(person.nombre);
  await form.getByLabel('Apellido paterno').fill(person.paterno);
  await form.getByLabel('Apellido materno').fill(person.materno);
  await form.getByLabel('Fecha de nacimiento').fill(person.birth ?? '1992-03-14');
  await form.getByLabel('Teléfono').fill(person.phone ?? '8181234567');
  await form.getByLabel('Correo electrónico').fill(person.email);
  if (person.empresa) await form.getByLabel('Empresa (opcional)').fill(person.empresa);
  await form.getByLabel('Tipo de participante').selectOption(person.tipo ?? 'Estudiante');
}

export function registrationRow(page: Page, email: string) {
  return page.locator(`[data-testid="registration-row"][data-email="${email.toUpperCase()}"]`);
}

export function eventRow(page: Page, title: string) {
  return page.getByTestId('external-event-row').filter({ hasText: title });
}

/** A small SVG poster; the server rasterizes it to PNG. */
export function posterSvg(title: string, from: string, to: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="1200" height="675" fill="url(#g)"/>
  <circle cx="980" cy="140" r="220" fill="#ffffff" fill-opacity="0.12"/>
  <circle cx="180" cy="600" r="260" fill="#ffffff" fill-opacity="0.08"/>
  <text x="80" y="360" font-family="sans-serif" font-size="78" font-weight="700" fill="#ffffff">${title}</text>
</svg>`,
  );
}
