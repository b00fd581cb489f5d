import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { bearer } from '../setup/browser';

/** A program through the staff API (published, continuous, unless `fields` say otherwise). */
export async function createProgramViaApi(request: APIRequestContext, token: string, fields: Record<string, unknown>) {
  const res = await request.post('/api/programas-servicios', {
    headers: bearer(token),
    data: { descripcion: 'Programa municipal.', tipo: 'continuo', status: 'published', ...fields },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { programa: { id: number; slug: string; nombre: string } }).programa;
}

/** A citizen's application form, as the public program page sends it. */
export const programApplication = (email: string, nombre = 'Laura') => ({
  nombre,
  apellido_paterno: 'Cantú',
  apellido_materno: 'Leal',
  fecha_nacimiento: '1992-04-09',
  celular: '8187654321',
  correo_electronico: email,
  calle: 'Hidalgo',
  numero: '200',
  colonia: 'Obispado',
  municipio: 'Monterrey',
  tiene_emprendimiento: 'no',
});

/** A citizen applies to a published program through the public API. */
export async function applyViaApi(request: APIRequestContext, slug: string, email: string): Promise<void> {
  const res = await request.post(`/api/programas/${slug}/register`, { data: programApplication(email) });
  expect(res.status()).toBe(201);
}

/** The application (and waitlist) form's fields, by their labels, in the order a person fills them. */
const APPLICATION_LABELS = {
  nombre: 'Nombre(s)',
  apellido_paterno: 'Apellido paterno',
  apellido_materno: 'Apellido materno',
  fecha_nacimiento: 'Fecha de nacimiento',
  celular: 'Celular',
  correo_electronico: 'Correo electrónico',
  calle: 'Calle',
  numero: 'Número',
  colonia: 'Colonia',
  municipio: 'Municipio',
} as const;

/**
 * Fills a program's application or waitlist form in the page (field by field, in order) as a citizen without a
 * business; a field left out is left for the test to type.
 */
export async function fillApplication(
  form: Page | Locator,
  fields: Partial<Record<keyof typeof APPLICATION_LABELS, string>>,
): Promise<void> {
  for (const [field, label] of Object.entries(APPLICATION_LABELS) as Array<[keyof typeof APPLICATION_LABELS, string]>) {
    const value = fields[field];
    if (value !== undefined) await form.getByLabel(label).fill(value);
  }
  await form.locator('#prog-tiene_emprendimiento-no').check();
}
