import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { bearer, createStaffUser } from '../setup/browser';

/** Letters only (names keep A–Z): a per-test tag that makes people and catalogue values unique. */
export function letterTag(length = 6): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(Math.random() * alphabet.length)];
  return out;
}

/** A staff account with the given `personas` actions (the area of the people database); answers its e-mail and password. */
export async function createStaff(
  request: APIRequestContext,
  adminToken: string,
  name: string,
  actions: Array<'view' | 'create' | 'edit' | 'delete'>,
  extra: Record<string, string[]> = {},
): Promise<{ email: string; password: string }> {
  const { email, password } = await createStaffUser(request, adminToken, name, { ...extra, personas: actions });
  return { email, password };
}

export interface PersonaInput {
  nombre: string;
  apellido_paterno?: string;
  apellido_materno?: string;
  fecha_nacimiento?: string | null;
  telefono_celular?: string;
  telefono_oficina?: string;
  extension_oficina?: string;
  correo_electronico?: string;
  sector_id?: number | null;
  empresa_id?: number | null;
  puesto_id?: number | null;
  profesion_id?: number | null;
  zona_id?: number | null;
  direccion_calle?: string;
  direccion_numero?: string;
  direccion_colonia?: string;
  direccion_ciudad?: string;
  direccion_estado?: string;
  invita?: string;
}

export async function createPersonaViaApi(request: APIRequestContext, token: string, body: PersonaInput): Promise<{ id: number }> {
  const res = await request.post('/api/personas', { headers: bearer(token), data: body });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { persona: { id: number } }).persona;
}

export async function addCatalogueViaApi(
  request: APIRequestContext,
  token: string,
  type: 'profesion' | 'sector' | 'empresa' | 'puesto' | 'zona',
  nombre: string,
): Promise<number> {
  const res = await request.post('/api/personas/lookup-value', { headers: bearer(token), data: { type, nombre } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { item: { id: number } }).item.id;
}

/** A stat card's count as a number ("1,234" → 1234). */
export async function statValue(page: Page, key: 'total' | 'green' | 'orange' | 'red'): Promise<number> {
  const value = page.getByTestId(`persona-stat-${key}-value`);
  await expect(value).not.toHaveText('–');
  return Number((await value.textContent())?.replace(/[^\d]/g, '') ?? 'NaN');
}

export function personaRow(page: Page, name: string): Locator {
  return page.locator(`[data-testid="persona-row"][data-name="${name}"]`);
}

/** Types in the search box and waits for the debounced list answer. */
export async function searchPersonas(page: Page, text: string): Promise<void> {
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/personas?') && r.url().includes('search=') && r.request().method() === 'GET'),
    page.getByTestId('personas-search').fill(text),
  ]);
}
