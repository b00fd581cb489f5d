import { mkdirSync } from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, newSignedInPage } from '../setup/browser';
import { addCatalogueViaApi, createPersonaViaApi, personaRow } from './personas-helpers';
import { SHOT_VIEWPORTS, screenshotsDir } from './screenshots';

// Visual review only: AFORO_SHOTS=1 npx playwright test personas-screenshots
const dir = screenshotsDir('personas');
test.describe.configure({ mode: 'serial' });

function shooter(kind: keyof typeof SHOT_VIEWPORTS) {
  return async (page: Page, name: string, fullPage = true) => {
    await page.screenshot({ path: `${dir}/${name}-${kind}.png`, fullPage, animations: 'disabled' });
  };
}

const FIRST = [
  'María Fernanda',
  'José Luis',
  'Ana Sofía',
  'Carlos',
  'Daniela',
  'Jorge',
  'Lucía',
  'Ricardo',
  'Valeria',
  'Héctor',
  'Paola',
  'Eduardo',
];
const LAST = ['Garza', 'Treviño', 'Cantú', 'Villarreal', 'González', 'Leal', 'Salinas', 'Elizondo', 'Peña', 'Zambrano', 'Cavazos', 'Ríos'];

async function seed(request: APIRequestContext, token: string) {
  const sectores = await Promise.all(
    ['GOBIERNO', 'EDUCACIÓN', 'SALUD', 'INICIATIVA PRIVADA'].map((n) => addCatalogueViaApi(request, token, 'sector', n)),
  );
  const empresas = await Promise.all(
    ['SECRETARÍA DE DESARROLLO ECONÓMICO', 'UANL', 'HOSPITAL UNIVERSITARIO', 'CEMEX', 'CÁMARA DE COMERCIO'].map((n) =>
      addCatalogueViaApi(request, token, 'empresa', n),
    ),
  );
  const puestos = await Promise.all(
    ['DIRECTOR GENERAL', 'COORDINADORA', 'JEFE DE DEPARTAMENTO', 'PRESIDENTA'].map((n) => addCatalogueViaApi(request, token, 'puesto', n)),
  );
  const profesiones = await Promise.all(
    ['LICENCIADO', 'INGENIERA', 'DOCTOR', 'CONTADORA'].map((n) => addCatalogueViaApi(request, token, 'profesion', n)),
  );
  const zonas = await Promise.all(['CENTRO', 'NORTE', 'SUR PONIENTE'].map((n) => addCatalogueViaApi(request, token, 'zona', n)));
  let viewId = 0;
  for (let i = 0; i < 24; i++) {
    const level = i % 3; // 0 complete, 1 intermediate, 2 basic
    const nombre = FIRST[i % FIRST.length];
    const paterno = LAST[(i * 5 + Math.floor(i / FIRST.length)) % LAST.length];
    const materno = LAST[(i * 7 + 3 + 2 * Math.floor(i / FIRST.length)) % LAST.length];
    const phone = `81${String(10_000_000 + i * 7919).slice(0, 8)}`;
    const base = { nombre, apellido_paterno: paterno };
    const body =
      level === 0
        ? {
            ...base,
            apellido_materno: materno,
            profesion_id: profesiones[i % profesiones.length],
            fecha_nacimiento: `19${70 + (i % 25)}-0${1 + (i % 9)}-1${i % 9}`,
            telefono_celular: phone,
            correo_electronico: `${nombre
              .split(' ')[0]
              .normalize('NFD')
              .replace(/[\u0300-\u036f]/g, '')
              .toLowerCase()}.${paterno.toLowerCase().replace('ñ', 'n')}@correo.mx`,
            sector_id: sectores[i % sectores.length],
            empresa_id: empresas[i % empresas.length],
            puesto_id: puestos[i % puestos.length],
            zona_id: zonas[i % zonas.length],
            direccion_calle: 'Av. Constitución',
            direccion_numero: String(100 + i),
            direccion_colonia: 'Centro',
            direccion_ciudad: 'MONTERREY',
            direccion_estado: 'NUEVO LEÓN',
            invita: 'Lic. Roberto Pérez',
          }
        : level === 1
          ? { ...base, telefono_celular: phone, sector_id: sectores[i % sectores.length], empresa_id: empresas[(i + 1) % empresas.length] }
          : { ...base };
    const { id } = await createPersonaViaApi(request, token, body);
    if (i === 0) viewId = id;
  }
  // An office extension without the office phone (shown on its own).
  await createPersonaViaApi(request, token, { nombre: 'Mónica', apellido_paterno: 'Extensión', extension_oficina: '204' });
  return { viewName: `${FIRST[0]} ${LAST[0]} ${LAST[3]}`.toUpperCase(), viewId };
}

let data: Awaited<ReturnType<typeof seed>>;

test('seed', async ({ request }) => {
  mkdirSync(dir, { recursive: true });
  data = await seed(request, await apiToken(request));
});

for (const kind of ['desktop', 'mobile'] as const) {
  test(`people screens (${kind})`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const shot = shooter(kind);
    const token = await apiToken(request);
    const { context, page } = await newSignedInPage(browser, token);
    await page.setViewportSize(SHOT_VIEWPORTS[kind]);

    await page.goto('/personas');
    await expect(page.getByTestId('persona-row')).toHaveCount(10);
    await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
    await page.waitForLoadState('networkidle');
    await shot(page, 'personas');
    await shot(page, 'personas-top', false);
    await page.getByTestId('persona-row').nth(2).scrollIntoViewIfNeeded();
    await shot(page, 'personas-rows', false);

    await page.getByTestId('personas-search').fill('zzzz nadie');
    await expect(page.getByTestId('personas-empty')).toBeVisible();
    await shot(page, 'personas-empty', false);
    await page.getByTestId('personas-search').fill('');
    await expect(page.getByTestId('persona-row')).toHaveCount(10);

    // Person form.
    await page.getByTestId('create-persona').click();
    const form = page.getByRole('dialog', { name: 'Nueva Persona' });
    await expect(form).toBeVisible();
    await shot(page, 'persona-new', false);
    await form.getByRole('group', { name: 'Dirección Principal' }).scrollIntoViewIfNeeded();
    await shot(page, 'persona-new-address', false);
    await form.getByLabel('Nombre', { exact: true }).fill('rosa elena');
    await form.getByLabel('Teléfono celular').fill('81123');
    await form.getByLabel('Correo electrónico').fill('rosa@');
    page.once('dialog', (d) => void d.accept());
    await form.getByTestId('persona-submit').click();
    await expect(form.getByTestId('persona-form-message')).toBeVisible();
    await form.getByTestId('persona-form-message').scrollIntoViewIfNeeded();
    await shot(page, 'persona-new-errors', false);
    await form.getByTestId('add-sector').scrollIntoViewIfNeeded();
    await form.getByTestId('add-sector').click();
    const add = page.getByRole('dialog', { name: 'Agregar Sector' });
    await add.getByTestId('catalogue-input').fill('cultura');
    await shot(page, 'catalogue-modal', false);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();

    // View and edit.
    const row = personaRow(page, data.viewName);
    await page.getByTestId('personas-search').fill(data.viewName.toLowerCase());
    await expect(row.first()).toBeVisible();
    await row.first().getByTestId('view-persona').click();
    await expect(page.getByTestId('persona-view-modal')).toBeVisible();
    await shot(page, 'persona-view', false);
    await page.getByTestId('view-edit').click();
    await expect(page.getByRole('dialog', { name: 'Editar Persona' })).toBeVisible();
    await shot(page, 'persona-edit', false);
    await page.keyboard.press('Escape');

    await page.getByTestId('personas-search').fill('');
    await page.getByTestId('personas-filter-completeness').selectOption('red');
    await expect(page.getByTestId('persona-completeness').first()).toHaveAttribute('data-level', 'red');
    await page.getByTestId('view-persona').first().click();
    await expect(page.getByTestId('view-missing')).toBeVisible();
    await shot(page, 'persona-view-basic', false);
    await page.keyboard.press('Escape');
    await page.getByTestId('personas-filter-completeness').selectOption('');

    await page.getByTestId('personas-search').fill('extension');
    await expect(personaRow(page, 'MÓNICA EXTENSIÓN').first()).toContainText('ext. 204');
    await shot(page, 'persona-extension-row', false);
    await personaRow(page, 'MÓNICA EXTENSIÓN').first().getByTestId('view-persona').click();
    await expect(page.getByTestId('persona-view-modal')).toContainText('ext. 204');
    await shot(page, 'persona-extension-view', false);
    await page.keyboard.press('Escape');
    await page.getByTestId('personas-search').fill('');

    // Import: format box and client checks.
    await page.getByTestId('open-import').click();
    const modal = page.getByRole('dialog', { name: 'Importar CSV' });
    await expect(modal).toBeVisible();
    await shot(page, 'import', false);
    await modal
      .getByTestId('import-file-input')
      .setInputFiles({ name: 'lista.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('x') });
    await shot(page, 'import-invalid', false);
    // Refused by the server: a quote never closed, far past the head of the file.
    const open = ['nombre,contacto', ...Array.from({ length: 3000 }, (_, i) => `Persona ${i},${8150000000 + i}`), '"Sin cerrar,8110000000'];
    await modal
      .getByTestId('import-file-input')
      .setInputFiles({ name: 'comillas.csv', mimeType: 'text/csv', buffer: Buffer.from(open.join('\n')) });
    await modal.getByTestId('import-submit').click();
    await expect(modal.getByTestId('import-error')).toContainText('comillas sin cerrar');
    await shot(page, 'import-malformed', false);

    // A real import with a few row errors.
    const rows = ['nombre,contacto'];
    for (let i = 0; i < 120; i++)
      rows.push(`${FIRST[i % 12]} ${LAST[(i * 5) % 12]} ${LAST[i % 11]},81${String(30_000_000 + i + (kind === 'mobile' ? 500 : 0))}`);
    rows.push('Persona Sin Teléfono,', ',8112345678', 'Juan Pérez,123');
    await modal
      .getByTestId('import-file-input')
      .setInputFiles({ name: 'padron-colonia-centro.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
    await shot(page, 'import-selected', false);
    await modal.getByTestId('import-submit').click();
    await expect(modal.getByTestId('import-result')).toBeVisible({ timeout: 30_000 });
    await shot(page, 'import-result', false);
    await modal.getByTestId('import-close').click();

    // A running import (answers held at 45%): the modal, then the page indicator once it is closed.
    const fake = {
      import_id: `00000000-0000-4000-8000-00000000000${kind === 'mobile' ? 2 : 1}`,
      status: 'queued',
      progress: 0,
      file_name: 'padron-municipal-2026.csv',
      processed: 0,
      imported: 0,
      skipped: 0,
      total: null,
      errors: [],
      errors_count: 0,
      message: 'Importación iniciada',
      created_at: new Date().toISOString(),
      finished_at: null,
    };
    await page.route('**/api/personas/import-csv', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 202, json: fake }) : route.continue(),
    );
    await page.route('**/api/personas/import-csv/*', (route) =>
      route.fulfill({
        json: { ...fake, status: 'processing', progress: 45, processed: 76_512, imported: 75_102, skipped: 1_410, message: null },
      }),
    );
    await page.getByTestId('open-import').click();
    await modal
      .getByTestId('import-file-input')
      .setInputFiles({ name: 'padron-municipal-2026.csv', mimeType: 'text/csv', buffer: Buffer.from('nombre,contacto\n') });
    await modal.getByTestId('import-submit').click();
    await expect(modal.getByTestId('import-bar')).toHaveAttribute('aria-valuenow', '45');
    await shot(page, 'import-running', false);
    await modal.getByTestId('import-close').click();
    await expect(page.getByTestId('import-indicator')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'import-indicator', false);
    await context.close();
  });
}
