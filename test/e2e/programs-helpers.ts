import { expect, type APIRequestContext } from '@playwright/test';
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
