import { type Keyboard, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, createStaffUser, signIn, uniqueEmail } from '../setup/browser';
import { createProgramViaApi, applyViaApi, fillApplication, programApplication } from './programs-helpers';

function programRow(page: Page, nombre: string) {
  return page.getByTestId('program-row').filter({ has: page.getByText(nombre, { exact: true }) });
}

/** A keyboard user filling fields in their order: each value typed into the focused field, then Tab to the next. */
async function typeThenTab(k: Keyboard, values: readonly string[]): Promise<void> {
  for (const value of values) {
    await k.type(value);
    await k.press('Tab');
  }
}

test('staff create and publish a program; a citizen applies by keyboard only; the registrations modal shows it live; its status changes', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Programas y Servicios' }).click();
  await expect(page).toHaveURL(/\/programas-servicios$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gestión de Programas y Servicios' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Programas Creados' })).toBeVisible();
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');

  // Create through the modal: defaults continuo and draft; nombre, ubicacion and list rows uppercased as typed.
  await page.getByRole('button', { name: 'Crear Nuevo Programa' }).click();
  const modal = page.getByRole('dialog', { name: 'Crear Nuevo Programa' });
  await expect(modal.getByLabel('Tipo')).toHaveValue('continuo');
  await expect(modal.getByLabel('Estado')).toHaveValue('draft');
  await expect(modal.getByLabel('Fecha y hora de inicio')).toHaveCount(0);
  await expect(modal.getByLabel('Máximo de participantes')).toHaveAttribute('placeholder', 'Sin límite');
  await modal.getByRole('button', { name: 'Crear Programa' }).click();
  await expect(modal.getByTestId('programa-create-nombre-error')).toHaveText('El nombre es obligatorio.');
  await expect(modal.getByTestId('programa-create-descripcion-error')).toHaveText('La descripción es obligatoria.');

  const nombre = `IMPULSO EMPRENDEDOR ${Date.now()}`;
  await modal.getByLabel('Nombre del programa').fill(nombre.toLowerCase());
  await expect(modal.getByLabel('Nombre del programa')).toHaveValue(nombre);
  // Dates only for fecha_especifica; the end's minimum is the start.
  await modal.getByLabel('Tipo').selectOption('fecha_especifica');
  await modal.getByLabel('Fecha y hora de inicio').fill('2027-03-10T09:00');
  await expect(modal.getByLabel('Fecha y hora de fin (opcional)')).toHaveAttribute('min', '2027-03-10T09:00');
  await modal.getByLabel('Tipo').selectOption('continuo');
  await expect(modal.getByLabel('Fecha y hora de inicio')).toHaveCount(0);
  await modal.getByLabel('Ubicación (opcional)').fill('palacio municipal');
  await expect(modal.getByLabel('Ubicación (opcional)')).toHaveValue('PALACIO MUNICIPAL');
  await modal.getByLabel('Máximo de participantes').fill('5');
  await modal.getByLabel('Descripción').fill('Asesoría y capital semilla para negocios locales.');
  await modal.getByLabel('Requisito 1', { exact: true }).fill('ine vigente');
  await modal.getByRole('button', { name: 'Agregar requisito' }).click();
  await expect(modal.getByLabel('Requisito 2', { exact: true })).toBeFocused();
  await page.keyboard.type('comprobante de domicilio');
  await modal.getByLabel('Beneficio 1', { exact: true }).fill('asesoría gratuita');
  await modal.getByLabel('Estado').selectOption('published');
  const [created] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/programas-servicios') && r.request().method() === 'POST'),
    modal.getByRole('button', { name: 'Crear Programa' }).click(),
  ]);
  expect(created.status()).toBe(201);
  const { programa } = (await created.json()) as { programa: { id: number; slug: string; requisitos: string[] } };
  expect(programa.requisitos).toEqual(['INE VIGENTE', 'COMPROBANTE DE DOMICILIO']);
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('toast-success')).toContainText('Programa creado exitosamente');

  const row = programRow(page, nombre);
  await expect(row.getByTestId('program-status')).toHaveText('Publicado');
  await expect(row.getByTestId('program-participants')).toHaveText('0 / 5');
  await expect(row.getByTestId('view-public')).toHaveAttribute('href', `/programas/${programa.slug}`);
  await expect(row.getByTestId('view-public')).toHaveAttribute('target', '_blank');
  await expect(row.getByTestId('delete-program')).toHaveCount(0);
  await row.getByTestId('toggle-featured').click();
  await expect(page.getByTestId('toast-success').last()).toContainText('Programa destacado');
  await expect(row.getByTestId('toggle-featured')).toHaveAttribute('aria-pressed', 'true');

  // The registrations modal, open while the citizen applies.
  await row.getByTestId('view-registrations').click();
  const registrations = page.getByRole('dialog', { name: `Registros - ${nombre}` });
  await expect(registrations.getByTestId('registrations-empty')).toHaveText('No hay registros aún');

  // A citizen, anonymous, keyboard only.
  const citizenContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const citizen = await citizenContext.newPage();
  await citizen.goto(`/programas/${programa.slug}`);
  await expect(citizen).toHaveTitle(new RegExp(`^${nombre}`));
  await expect(citizen.getByTestId('program-continuous')).toHaveText('Programa Continuo');
  await expect(citizen.getByTestId('program-places-left')).toHaveText('5');
  await expect(citizen.getByTestId('program-requisitos')).toContainText('COMPROBANTE DE DOMICILIO');
  await expect(citizen.getByRole('heading', { name: 'Formulario de Registro' })).toBeVisible();
  const email = uniqueEmail('emprendedora');
  await citizen.getByLabel('Nombre(s)').focus();
  const k = citizen.keyboard;
  await typeThenTab(k, ['Rosa María', 'Villarreal', 'Garza']);
  // The date field's segments follow the browser's own UI language (month first in this Chromium).
  await k.type('04091992');
  await expect(citizen.getByLabel('Fecha de nacimiento')).toHaveValue('1992-04-09');
  // Tab leaves the date field (its segments and, in some builds, its calendar button take their own stops).
  const celular = citizen.getByLabel('Celular');
  for (let i = 0; i < 4 && !(await celular.evaluate((el) => el === document.activeElement)); i++) await k.press('Tab');
  await expect(celular).toBeFocused();
  await k.type('81-1234-5678');
  await expect(citizen.getByLabel('Celular')).toHaveValue('8112345678');
  await k.press('Tab');
  await k.type(email);
  await expect(citizen.getByLabel('Correo electrónico')).toHaveValue(email.toUpperCase());
  await k.press('Tab');
  await typeThenTab(k, ['Av. Juárez', '150', 'Centro', 'Monterrey']);
  await expect(citizen.locator('#prog-tiene_emprendimiento-si')).toBeFocused();
  await k.press('Space');
  await expect(citizen.getByTestId('business-fields')).toBeVisible();
  await k.press('Tab');
  await k.type('Tamales Doña Rosa');
  await k.press('Tab');
  await expect(citizen.getByLabel('Giro o sector', { exact: true })).toBeFocused();
  await k.type('Otro');
  await expect(citizen.getByLabel('Giro o sector', { exact: true })).toHaveValue('otro');
  await k.press('Tab');
  for (let i = 0; i < 3; i++) await k.press('ArrowDown');
  await expect(citizen.getByLabel('Tiempo operando')).toHaveValue('mas_1_ano');
  await k.press('Tab');
  await expect(citizen.getByLabel('Especifica el giro o sector')).toBeFocused();
  await k.type('Comida tradicional');
  await k.press('Tab');
  await k.press('Space');
  await k.press('Tab');
  await expect(citizen.getByLabel('Enlace a tus redes sociales (opcional)')).toBeFocused();
  await k.type('https://facebook.com/tamalesdonarosa');
  await k.press('Tab');
  await k.press('Space');
  await k.press('Tab');
  await expect(citizen.getByLabel('RFC (opcional)')).toBeFocused();
  await k.type('vigr920409ab1');
  await expect(citizen.getByLabel('RFC (opcional)')).toHaveValue('VIGR920409AB1');
  await k.press('Tab'); // privacy notice link
  await k.press('Tab');
  await expect(citizen.getByRole('button', { name: 'Enviar Registro' })).toBeFocused();
  await k.press('Enter');
  const success = citizen.getByRole('heading', { name: '¡Registro Exitoso!' });
  await expect(success).toBeVisible();
  await expect(success).toBeFocused();

  // Staff: the modal shows the application without a reload; the table's count moved too.
  const regRow = registrations.getByTestId('registration-row').filter({ hasText: email.toUpperCase() });
  await expect(regRow).toContainText('Rosa María Villarreal Garza');
  await expect(regRow).toContainText('Tamales Doña Rosa');
  await expect(row.getByTestId('program-participants')).toHaveText('1 / 5');
  await regRow.getByTestId('registration-status').selectOption('confirmado');
  await expect(page.getByTestId('toast-success').last()).toContainText('El registro ha sido marcado como confirmado');
  await regRow.getByRole('button', { name: /Ver Detalles/ }).click();
  const details = page.getByRole('dialog', { name: 'Detalles del Registro' });
  await expect(details).toContainText('Otro: Comida tradicional');
  await expect(details).toContainText('VIGR920409AB1');
  await expect(details).toContainText('Confirmado');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(registrations).toBeVisible();

  // The citizen's public page saw the places move (counts only).
  await citizen.reload();
  await expect(citizen.getByTestId('program-places-left')).toHaveText('4');
  await citizenContext.close();
});

test('the duplicate e-mail messages: on leaving the field (submit disabled) and on a blocked submit', async ({ page, request }) => {
  const token = await apiToken(request);
  const programa = await createProgramViaApi(request, token, { nombre: `Mujeres que Emprenden ${Date.now()}` });
  const email = uniqueEmail('repetido');
  await applyViaApi(request, programa.slug, email);

  await page.goto(`/programas/${programa.slug}`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Calle').focus();
  await expect(page.getByTestId('email-taken')).toHaveText('Ya existe un registro con este correo para este programa');
  await expect(page.getByRole('button', { name: 'Enviar Registro' })).toBeDisabled();
  await page.getByLabel('Correo electrónico').fill('otra.persona@example.com');
  await expect(page.getByTestId('email-taken')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Enviar Registro' })).toBeEnabled();

  // Everything filled, the repeated e-mail typed last and sent with Enter (the field never lost focus).
  const { correo_electronico: _typedLast, ...withoutEmail } = programApplication(email);
  await fillApplication(page, withoutEmail);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Correo electrónico').press('Enter');
  await expect(page.getByTestId('application-error')).toContainText('Ya existe un registro con este correo electrónico');
  await expect(page.getByTestId('application-error')).toBeFocused();
});

test('a birth date before 1900 is refused on the page, as on the events form: the field says why and nothing is sent', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const programa = await createProgramViaApi(request, token, { nombre: `Programa Fecha ${Date.now()}` });
  const sent: string[] = [];
  page.on('request', (r) => {
    if (/\/(register|waitlist)$/.test(new URL(r.url()).pathname)) sent.push(r.url());
  });

  await page.goto(`/programas/${programa.slug}`);
  await fillApplication(page, { ...programApplication(uniqueEmail('fecha')), fecha_nacimiento: '1899-12-31' });
  await page.getByRole('button', { name: 'Enviar Registro' }).click();

  await expect(page.getByLabel('Fecha de nacimiento')).toBeFocused();
  await expect(page.getByText('La fecha de nacimiento no es válida.')).toBeVisible();
  expect(sent).toEqual([]);
});

test('a closed or unknown program is not found; a full one says so before anyone types', async ({ page, request }) => {
  const token = await apiToken(request);
  const closed = await createProgramViaApi(request, token, { nombre: `Programa Cerrado ${Date.now()}`, status: 'closed' });
  await page.goto(`/programas/${closed.slug}`);
  await expect(page.getByRole('heading', { name: 'Programa No Encontrado' })).toBeVisible();
  await page.goto('/programas/no-existe-este-programa');
  await expect(page.getByRole('heading', { name: 'Programa No Encontrado' })).toBeVisible();
  const full = await createProgramViaApi(request, token, { nombre: `Programa Lleno ${Date.now()}`, max_participantes: 1 });
  await applyViaApi(request, full.slug, uniqueEmail('lleno'));
  await page.goto(`/programas/${full.slug}`);
  await expect(page.getByTestId('program-full')).toContainText('Programa Lleno');
  await expect(page.getByTestId('program-application-form')).toHaveCount(0);
});

test('without the view permission: Sin permisos, then back to the dashboard', async ({ page, request }) => {
  const token = await apiToken(request);
  const { email, password } = await createStaffUser(request, token, 'Solo Crear', { programas_servicios: ['create'] });
  await signIn(page, email, password);
  // The link shows (programas_servicios has an entry), the screen refuses (no view).
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Programas y Servicios' }).click();
  await expect(page.getByTestId('programs-denied')).toContainText('Sin permisos');
  await expect(page.getByTestId('programs-denied')).toContainText('No tienes permisos para ver esta página');
  await expect(page).toHaveURL(/\/dashboard$/);
});
