import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { acceptNextDialog, apiToken, newSignedInPage, signIn, signOut, openSignedIn } from '../setup/browser';
import { createStaff, letterTag, personaRow, searchPersonas, statValue } from './personas-helpers';

test('staff create, view, edit and delete a person, adding catalogue values from the form', async ({ page }) => {
  test.setTimeout(120_000); // a long walk through three modals; about 50 s when the machine is shared
  const tag = letterTag();
  await openSignedIn(page, '/personas');
  await expect(page).toHaveTitle('Base de Personas | Gobierno de Monterrey');
  await expect(page.getByRole('heading', { level: 1, name: 'Base de Personas' })).toBeVisible();
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
  await expect(page.getByTestId('persona-stat-total')).toContainText('Total Personas');
  await expect(page.getByTestId('personas-filter-completeness').locator('option')).toHaveText([
    'Todos los estados',
    'Básico',
    'Intermedio',
    'Completo',
  ]);
  const totalBefore = await statValue(page, 'total');

  // Create.
  await page.getByTestId('create-persona').click();
  const modal = page.getByRole('dialog', { name: 'Nueva Persona' });
  await expect(modal).toBeVisible();
  const main = modal.getByRole('group', { name: 'Dirección Principal' });
  const alternate = modal.getByRole('group', { name: 'Dirección Alterna' });
  await expect(main.getByLabel('Ciudad')).toHaveValue('MONTERREY');
  await expect(main.getByLabel('Estado')).toHaveValue('NUEVO LEÓN');
  await expect(main.getByLabel('Ciudad').locator('option')).toHaveCount(52); // placeholder + 51 municipalities
  await expect(main.getByLabel('Estado').locator('option')).toHaveCount(33); // placeholder + 32 states
  await expect(alternate.getByLabel('Ciudad')).toHaveValue('');
  await expect(alternate.getByLabel('Estado')).toHaveValue('');
  const year = modal.getByTestId('birth-year');
  await expect(year.locator('option').nth(1)).toHaveText(String(new Date().getFullYear()));
  await expect(year.locator('option').last()).toHaveText('1900');
  await expect(modal.getByTestId('birth-day').locator('option')).toHaveCount(32);

  await modal.getByLabel('Nombre', { exact: true }).fill('maría josé');
  await expect(modal.getByLabel('Nombre', { exact: true })).toHaveValue('MARÍA JOSÉ');
  await modal.getByLabel('Apellido paterno').fill('garza');
  await modal.getByLabel('Apellido materno').fill(tag.toLowerCase());
  await modal.getByTestId('birth-day').selectOption('14');
  await modal.getByTestId('birth-month').selectOption({ label: 'Marzo' });
  await modal.getByTestId('birth-year').selectOption('1990');
  await modal.getByLabel('Teléfono celular').fill('(81) 1234-5678 ext');
  await expect(modal.getByLabel('Teléfono celular')).toHaveValue('8112345678');
  await modal.getByLabel('Extensión').fill('12345678901234');
  await expect(modal.getByLabel('Extensión')).toHaveValue('1234567890');
  await modal.getByLabel('Extensión').fill('');
  await modal.getByLabel('Correo electrónico').fill('no-es-correo');

  // A new sector from the + button: uppercase, Enter submits, selected in the form.
  await modal.getByTestId('add-sector').click();
  const addSector = page.getByRole('dialog', { name: 'Agregar Sector' });
  await expect(addSector).toBeVisible();
  await expect(addSector.getByTestId('catalogue-submit')).toBeDisabled();
  await addSector.getByTestId('catalogue-input').fill('   ');
  await expect(addSector.getByTestId('catalogue-submit')).toBeDisabled();
  await addSector.getByTestId('catalogue-input').fill(`desarrollo económico ${tag.toLowerCase()}`);
  await expect(addSector.getByTestId('catalogue-input')).toHaveValue(`DESARROLLO ECONÓMICO ${tag}`);
  await addSector.getByTestId('catalogue-input').press('Enter');
  await expect(addSector).toBeHidden();
  await expect(modal).toBeVisible();
  const sector = modal.getByLabel('Sector', { exact: true });
  await expect(sector.locator('option:checked')).toHaveText(`DESARROLLO ECONÓMICO ${tag}`);

  // Escape closes only the inner dialog.
  await modal.getByTestId('add-empresa').click();
  await expect(page.getByRole('dialog', { name: 'Agregar Empresa' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Agregar Empresa' })).toBeHidden();
  await expect(modal).toBeVisible();

  // Validation errors: the alert of spec 3 §8 and the message under the field.
  const alertText = acceptNextDialog(page);
  await modal.getByTestId('persona-submit').click();
  await expect(modal.getByTestId('persona-correo_electronico-error')).toHaveText('El correo electrónico no es válido.');
  expect(alertText()).toBe('Errores de validación:\nCorreo electrónico: El correo electrónico no es válido.');
  await expect(modal.getByTestId('persona-form-message')).toContainText('Errores de validación:');

  await modal.getByLabel('Correo electrónico').fill('maria.garza@correo.mx');
  await expect(modal.getByLabel('Correo electrónico')).toHaveValue('MARIA.GARZA@CORREO.MX');
  const [created] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/personas') && r.request().method() === 'POST'),
    modal.getByTestId('persona-submit').click(),
  ]);
  expect(created.status()).toBe(201);
  const body = (await created.json()) as { persona: { fecha_nacimiento: string; direccion_ciudad: string; direccion_estado: string } };
  expect(body.persona.fecha_nacimiento).toBe('1990-03-14');
  expect(body.persona.direccion_ciudad).toBe('MONTERREY');
  expect(body.persona.direccion_estado).toBe('NUEVO LEÓN');
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('toast-success')).toContainText('Persona creada exitosamente');
  await expect(page.getByTestId('persona-stat-total-value')).toHaveText((totalBefore + 1).toLocaleString('es-MX'));

  const name = `MARÍA JOSÉ GARZA ${tag}`;
  // Search ignores case and accents.
  await searchPersonas(page, `maria jose garza ${tag.toLowerCase()}`);
  const row = personaRow(page, name);
  await expect(row).toBeVisible();
  await expect(page.getByTestId('persona-row')).toHaveCount(1);
  await expect(row).toContainText(`DESARROLLO ECONÓMICO ${tag}`);
  await expect(row.getByTestId('persona-contact')).toContainText('MARIA.GARZA@CORREO.MX');
  await expect(row.getByTestId('persona-contact')).toContainText('81 1234 5678');
  await expect(row.getByTestId('persona-completeness')).toHaveAttribute('data-level', 'orange');

  // View: what is missing for the next level; no address without a street.
  await row.getByTestId('view-persona').click();
  const view = page.getByRole('dialog', { name: 'Información de Persona' });
  await expect(view.getByTestId('view-name')).toHaveText(name);
  await expect(view.getByTestId('view-personal')).toContainText('14 de marzo de 1990');
  await expect(view.getByTestId('view-completeness')).toHaveAttribute('data-level', 'orange');
  await expect(view.getByTestId('view-missing').locator('li')).toContainText(['Empresa', 'Puesto', 'Dirección principal']);
  await expect(view.getByTestId('view-addresses')).toHaveCount(0);
  await expect(view.getByTestId('view-other')).toContainText('Invitado por');
  await expect(view.getByTestId('view-other')).toContainText('-');

  // Edit from the view modal: empresa and puesto added with +, main address filled → complete.
  await view.getByTestId('view-edit').click();
  const edit = page.getByRole('dialog', { name: 'Editar Persona' });
  await expect(edit.getByLabel('Nombre', { exact: true })).toHaveValue('MARÍA JOSÉ');
  await expect(edit.getByTestId('birth-month')).toHaveValue('3');
  for (const [type, title, value] of [
    ['empresa', 'Agregar Empresa', `GOBIERNO DE MONTERREY ${tag}`],
    ['puesto', 'Agregar Puesto', `DIRECTORA ${tag}`],
  ] as const) {
    await edit.getByTestId(`add-${type}`).click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByTestId('catalogue-input').fill(value);
    await dialog.getByTestId('catalogue-submit').click();
    await expect(dialog).toBeHidden();
  }
  const editMain = edit.getByRole('group', { name: 'Dirección Principal' });
  await editMain.getByLabel('Calle').fill('av. constitución');
  await editMain.getByLabel('Número').fill('100 a');
  await editMain.getByLabel('Colonia').fill('centro');
  await edit.getByLabel('Invita').fill('lic. pérez');
  await edit.getByTestId('persona-submit').click();
  await expect(edit).toBeHidden();
  await expect(page.getByTestId('toast-success').last()).toContainText('Persona actualizada exitosamente');
  await expect(row.getByTestId('persona-completeness')).toHaveAttribute('data-level', 'green');
  await expect(row.getByTestId('persona-empresa')).toHaveText(`GOBIERNO DE MONTERREY ${tag}`);
  await expect(row.getByTestId('persona-puesto')).toHaveText(`DIRECTORA ${tag}`);

  await row.getByTestId('view-persona').click();
  await expect(view.getByTestId('view-address-main')).toHaveText('AV. CONSTITUCIÓN, #100 A, CENTRO, MONTERREY, NUEVO LEÓN');
  await expect(view.getByTestId('view-completeness')).toHaveAttribute('data-level', 'green');
  await expect(view.getByTestId('view-missing')).toHaveCount(0);
  await expect(view.getByTestId('view-other')).toContainText('LIC. PÉREZ');
  await view.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
  await expect(view).toBeHidden();

  // The completeness filter finds it among the complete ones.
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('completeness_level=green')),
    page.getByTestId('personas-filter-completeness').selectOption('green'),
  ]);
  await expect(row).toBeVisible();
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('completeness_level=red')),
    page.getByTestId('personas-filter-completeness').selectOption('red'),
  ]);
  await expect(page.getByTestId('personas-empty')).toHaveText('No se encontraron personas');
  await page.getByTestId('personas-filter-completeness').selectOption('');
  await expect(row).toBeVisible();

  // Delete, with the confirmation of spec 3 §8.
  const confirmText = acceptNextDialog(page);
  await row.getByTestId('delete-persona').click();
  await expect(row).toHaveCount(0);
  expect(confirmText()).toBe(`¿Estás seguro de eliminar a ${name}?`);
  await expect(page.getByTestId('personas-empty')).toHaveText('No se encontraron personas');
  await expect(page.getByTestId('persona-stat-total-value')).toHaveText(totalBefore.toLocaleString('es-MX'));
});

test('a CSV import shows its real progress to 100% and both staff lists update live', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const tag = letterTag();
  const adminToken = await apiToken(request);
  const viewer = await createStaff(request, adminToken, 'Vera Lectora', ['view']);
  const { context: observerContext, page: observer } = await newSignedInPage(
    browser,
    await apiToken(request, viewer.email, viewer.password),
  );
  try {
    await observer.goto('/personas');
    await expect(observer.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
    // View only: no import, no create, no edit or delete.
    await expect(observer.getByTestId('open-import')).toHaveCount(0);
    await expect(observer.getByTestId('create-persona')).toHaveCount(0);
    const observerTotal = await statValue(observer, 'total');

    await openSignedIn(page, '/personas');
    await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
    const totalBefore = await statValue(page, 'total');
    expect(totalBefore).toBe(observerTotal);

    await page.getByTestId('open-import').click();
    const modal = page.getByRole('dialog', { name: 'Importar CSV' });
    await expect(modal.getByTestId('import-format')).toContainText('nombre,contacto');
    await expect(modal.getByTestId('import-format')).toContainText('UTF-8 o ISO-8859-1');
    await expect(modal.getByTestId('import-format')).toContainText('10 MB');

    // Browser checks (spec 3 §5).
    await modal.getByTestId('import-submit').click();
    await expect(modal.getByTestId('import-file-error')).toHaveText('Por favor selecciona un archivo CSV');
    const input = modal.getByTestId('import-file-input');
    await input.setInputFiles({ name: 'personas.txt', mimeType: 'text/plain', buffer: Buffer.from('nombre,contacto\n') });
    await expect(modal.getByTestId('import-file-error')).toHaveText('Por favor selecciona un archivo CSV válido');
    // From a path, not a buffer: a 10 MB buffer crosses to the browser as base64 (tens of seconds on a busy machine).
    const big = join(tmpdir(), `grande-${tag}.csv`);
    writeFileSync(big, Buffer.alloc(10 * 1024 * 1024 + 1, 'a'));
    await input.setInputFiles(big);
    rmSync(big);
    await expect(modal.getByTestId('import-file-error')).toHaveText('El archivo no debe superar los 10MB');

    // The server refuses a file without the header before any job starts.
    await input.setInputFiles({ name: 'sin-encabezado.csv', mimeType: 'text/csv', buffer: Buffer.from('JUAN PEREZ,8112345678\n') });
    await expect(modal.getByTestId('import-file')).toContainText('sin-encabezado.csv');
    await modal.getByTestId('import-submit').click();
    await expect(modal.getByTestId('import-error')).toHaveText('El archivo debe tener el encabezado nombre,contacto en la primera fila.');

    // A few hundred people: 300 unique, 10 repeated inside the file, 5 without a valid phone.
    const first = [
      'JUAN',
      'MARÍA',
      'JOSÉ',
      'ANA',
      'LUIS',
      'SOFÍA',
      'CARLOS',
      'LAURA',
      'PEDRO',
      'ELENA',
      'JORGE',
      'ROSA',
      'MIGUEL',
      'PAULA',
      'RAÚL',
    ];
    const last = [
      'GARZA',
      'PEÑA',
      'GARCÍA',
      'TREVIÑO',
      'CANTÚ',
      'SALINAS',
      'VILLARREAL',
      'LEAL',
      'FLORES',
      'CAVAZOS',
      'RÍOS',
      'LOZANO',
      'MUÑOZ',
      'SOTO',
      'DE LA O',
      'LUNA',
      'ELIZONDO',
      'TAMEZ',
      'ZAMBRANO',
      'OCHOA',
    ];
    const rows: string[] = [];
    for (let i = 0; i < 300; i++) {
      rows.push(`"${first[i % first.length]} ${last[Math.floor(i / first.length) % last.length]} ${tag}",81${String(20_000_000 + i)}`);
    }
    const duplicates = rows.slice(0, 10);
    const bad = Array.from({ length: 5 }, (_, i) => `PERSONA SIN TELEFONO ${tag} ${'ABCDE'[i]},12${i}`);
    const csv = ['nombre,contacto', ...rows, ...duplicates, ...bad].join('\r\n') + '\r\n';

    await input.setInputFiles({ name: `personas-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await expect(modal.getByTestId('import-file-error')).toHaveCount(0);
    await expect(modal.getByTestId('import-file')).toContainText(`personas-${tag}.csv`);
    await expect(modal.getByTestId('import-file')).toContainText('KB');

    // Only the pushes may move the bar: the status GET is refused for this test.
    let statusGets = 0;
    await page.route('**/api/personas/import-csv/*', (route) => {
      statusGets++;
      return route.abort();
    });
    const [upload] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/personas/import-csv') && r.request().method() === 'POST'),
      modal.getByTestId('import-submit').click(),
    ]);
    expect(upload.status()).toBe(202);
    await expect(modal.getByTestId('import-bar')).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
    await expect(modal.getByTestId('import-progress-value')).toHaveText('100%');
    const result = modal.getByTestId('import-result');
    await expect(result).toContainText('Importación completada');
    await expect(result.getByTestId('import-imported')).toHaveText('300');
    await expect(result.getByTestId('import-skipped')).toHaveText('10');
    await expect(result.getByTestId('import-total')).toHaveText('315');
    await expect(result.getByTestId('import-errors').locator('li')).toHaveCount(5);
    await expect(result.getByTestId('import-errors')).toContainText('Fila 312');
    await expect(modal.getByTestId('import-close')).toHaveText('Cerrar');
    await page.unroute('**/api/personas/import-csv/*');
    expect(statusGets).toBeLessThanOrEqual(1);

    // The row errors download as a file.
    const [download] = await Promise.all([page.waitForEvent('download'), result.getByTestId('import-download-errors').click()]);
    expect(download.suggestedFilename()).toMatch(/^errores_importacion_.*\.csv$/);
    const errorsFile = readFileSync((await download.path())!, 'utf8');
    expect(errorsFile).toContain('Fila');
    expect(errorsFile.split(/\r?\n/).filter((line) => line.trim()).length).toBe(6);
    await modal.getByTestId('import-close').click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('import-indicator')).toHaveCount(0);

    // Both lists and stat cards follow, without reload.
    await expect(page.getByTestId('persona-stat-total-value')).toHaveText((totalBefore + 300).toLocaleString('es-MX'));
    await expect(observer.getByTestId('persona-stat-total-value')).toHaveText((totalBefore + 300).toLocaleString('es-MX'), {
      timeout: 5_000,
    });
    await expect(observer.getByTestId('personas-total')).toHaveText((totalBefore + 300).toLocaleString('es-MX'));
    await searchPersonas(observer, `jose pena ${tag.toLowerCase()}`);
    await expect(personaRow(observer, `JOSÉ PEÑA ${tag}`)).toBeVisible();
    await expect(personaRow(observer, `JOSÉ PEÑA ${tag}`).getByTestId('persona-contact')).toContainText('81 2000');
    await expect(personaRow(observer, `JOSÉ PEÑA ${tag}`).getByTestId('edit-persona')).toHaveCount(0);
    await expect(personaRow(observer, `JOSÉ PEÑA ${tag}`).getByTestId('delete-persona')).toHaveCount(0);

    // Pagination over the imported people (10 per page).
    await searchPersonas(page, tag.toLowerCase());
    await expect(page.getByTestId('personas-page-status')).toHaveText('Mostrando página 1 de 30');
    await expect(page.getByTestId('personas-prev')).toBeDisabled();
    await expect(page.getByTestId('persona-row')).toHaveCount(10);
    const firstPage = await page.getByTestId('persona-row').first().getAttribute('data-name');
    await page.getByTestId('personas-next').click();
    await expect(page.getByTestId('personas-page-status')).toHaveText('Mostrando página 2 de 30');
    await expect(page.getByTestId('persona-row').first()).not.toHaveAttribute('data-name', firstPage ?? '');
  } finally {
    await observerContext.close();
  }
});

test('an import still running shows again on the page after a reload and reopens the modal', async ({ page }) => {
  const running = {
    import_id: '00000000-0000-4000-8000-000000000001',
    status: 'processing',
    progress: 45,
    file_name: 'padron-grande.csv',
    processed: 76_500,
    imported: 70_000,
    skipped: 500,
    total: null,
    errors: [],
    errors_count: 0,
    message: null,
    created_at: new Date().toISOString(),
    finished_at: null,
  };
  await signIn(page);
  // The server's list of recent imports answers one still running (as after a reload mid-import).
  await page.route('**/api/personas/import-csv', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: { imports: [running] } }) : route.continue(),
  );
  await page.goto('/personas');
  const indicator = page.getByTestId('import-indicator');
  await expect(indicator).toHaveText(/Importación en curso… 45%/);
  await indicator.getByTestId('import-indicator-open').click();
  const modal = page.getByRole('dialog', { name: 'Importar CSV' });
  await expect(modal.getByTestId('import-bar')).toHaveAttribute('aria-valuenow', '45');
  await expect(modal.getByTestId('import-progress')).toContainText('padron-grande.csv');
  await expect(modal.getByTestId('import-submit')).toBeDisabled();
  await expect(modal.getByTestId('import-close')).toHaveText('Cerrar');
  await modal.getByTestId('import-close').click();
  await expect(modal).toBeHidden();
  await expect(indicator).toBeVisible();
});

test('one rule for the people database: the personas flags decide the card, the link, the screen and its buttons', async ({
  page,
  request,
}) => {
  const adminToken = await apiToken(request);
  // Every eventos_internos action, no personas flag: no card, no link, and the server refuses the screen.
  const internos = await createStaff(request, adminToken, 'Solo Internos', [], { eventos_internos: ['view', 'create', 'edit', 'delete'] });
  await signIn(page, internos.email, internos.password);
  await expect(page.getByTestId('access-summary').getByRole('link', { name: /Personas/ })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Personas' })).toHaveCount(0);
  await page.goto('/personas');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('toast-error')).toBeVisible();
  await signOut(page);

  // personas view only: card, link and screen agree, without the buttons of the other actions.
  const viewer = await createStaff(request, adminToken, 'Solo Personas', ['view']);
  await signIn(page, viewer.email, viewer.password);
  await page
    .getByTestId('access-summary')
    .getByRole('link', { name: /Personas/ })
    .click();
  await expect(page).toHaveURL(/\/personas$/);
  await expect(page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Personas' })).toBeVisible();
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
  await expect(page.getByTestId('create-persona')).toHaveCount(0);
  await expect(page.getByTestId('open-import')).toHaveCount(0);
  await signOut(page);

  // view + create + edit: import and Nueva Persona show.
  const importer = await createStaff(request, adminToken, 'Importa Personas', ['view', 'create', 'edit']);
  await openSignedIn(page, '/personas', importer.email, importer.password);
  await expect(page.getByTestId('create-persona')).toBeVisible();
  await expect(page.getByTestId('open-import')).toBeVisible();
});

test('list errors: another failure alerts and empties the list; an expired session alerts once and goes to /login', async ({ page }) => {
  await signIn(page);
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });

  await page.route('**/api/personas?*', (route) => route.fulfill({ status: 500, json: { message: 'Fallo de prueba' } }));
  await page.goto('/personas');
  await expect(page.getByTestId('personas-empty')).toHaveText('No se encontraron personas');
  expect(alerts).toEqual(['Error al cargar personas: Fallo de prueba']);
  await page.unroute('**/api/personas?*');

  alerts.length = 0;
  await page.route('**/api/personas**', (route) => route.fulfill({ status: 401, json: { message: 'No autenticado.' } }));
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  expect(alerts).toEqual(['Sesión expirada. Por favor, inicia sesión nuevamente.']);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
});
