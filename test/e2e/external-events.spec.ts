import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import {
  acceptNextDialog,
  signIn,
  uniqueEmail,
  apiToken,
  bearer,
  createStaffUser,
  daysAhead,
  localInput,
  newSignedInPage,
  openLive,
  openSignedIn,
} from '../setup/browser';
import { createEventViaApi, eventRow, fillRegistration, posterSvg, registrationRow } from './external-events-helpers';

test('staff create and publish an event, feature it, and a guest finds it on /eventos', async ({ page, browser, request }) => {
  await signIn(page);
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Eventos Externos' }).click();
  await expect(page).toHaveURL(/\/eventos-externos$/);
  await expect(page).toHaveTitle('Eventos Externos | Gobierno de Monterrey');
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');

  // Create (published) through the modal.
  const title = `Feria del Empleo ${Date.now()}`;
  const start = daysAhead(15, 10, 30);
  await page.getByTestId('create-event').click();
  const modal = page.getByRole('dialog', { name: 'Crear Evento Externo' });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('Capacidad máxima')).toHaveValue('50');
  await expect(modal.getByLabel('Estado').locator('option')).toHaveText(['Borrador', 'Publicado']);
  // Required fields are checked before anything is sent.
  await page.getByTestId('event-create-submit').click();
  await expect(modal.getByTestId('event-create-title-error')).toHaveText('El título es obligatorio.');
  await modal.getByLabel('Título').fill(title);
  await modal.getByLabel('Fecha y hora de inicio').fill(localInput(start));
  await expect(modal.getByLabel('Fecha y hora de fin (opcional)')).toHaveAttribute('min', localInput(start));
  await modal.getByLabel('Fecha y hora de fin (opcional)').fill(localInput(daysAhead(15, 14)));
  await modal.getByLabel('Ubicación').fill('Parque Fundidora, Monterrey');
  await modal.getByLabel('Capacidad máxima').fill('120');
  await modal.getByLabel('Descripción').fill('Vacantes de más de 80 empresas de la región.');
  await modal.getByLabel('Estado').selectOption('published');
  await modal.getByLabel('Requisitos (uno por línea)').fill('Identificación oficial\n\nCurrículum impreso');
  await modal.getByLabel('Agenda (un punto por línea)').fill('10:30 a. m. Registro\n11:00 a. m. Inauguración');
  // An invalid image is refused in the browser and discarded.
  await modal.getByTestId('event-image-input').setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
  await expect(modal.getByTestId('event-image-error')).toHaveText('Por favor selecciona una imagen válida (JPG, PNG, GIF, SVG)');
  await expect(modal.getByTestId('event-image-input')).toHaveValue('');

  const [created] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/eventos-externos') && r.request().method() === 'POST'),
    page.getByTestId('event-create-submit').click(),
  ]);
  expect(created.status()).toBe(201);
  const body = (await created.json()) as { event: { id: number; slug: string; event_date: string; requirements: string[] } };
  expect(body.event.event_date).toBe(start);
  expect(body.event.requirements).toEqual(['Identificación oficial', 'Currículum impreso']);
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('toast-success')).toContainText('Evento creado exitosamente');

  const row = eventRow(page, title);
  await expect(row.getByTestId('event-status')).toHaveText('Publicado');
  await expect(row.getByTestId('event-registrations')).toHaveText('0/120');
  await expect(row.getByTestId('attendance-percent')).toHaveText('0%');
  await expect(row.getByTestId('view-public')).toHaveAttribute('href', `/eventos/${body.event.slug}`);
  await expect(row.getByTestId('view-public')).toHaveAttribute('target', '_blank');
  await expect(row.getByTestId('delete-event')).toHaveCount(0); // only drafts

  // Feature it.
  await row.getByTestId('toggle-featured').click();
  await expect(row.getByTestId('toggle-featured')).toHaveAttribute('aria-pressed', 'true');
  await expect(row.getByTestId('featured-tag')).toHaveText('Destacado');

  // Edit: the start is shown back in the display time zone, cut to 16 characters.
  await row.getByTestId('edit-event').click();
  const edit = page.getByRole('dialog', { name: 'Editar Evento Externo' });
  await expect(edit.getByLabel('Fecha y hora de inicio')).toHaveValue(localInput(start));
  await expect(edit.getByLabel('Estado').locator('option')).toHaveText(['Borrador', 'Publicado', 'Cancelado', 'Completado']);
  await edit.getByLabel('Título').fill(`${title} 2026`);
  await page.getByTestId('event-edit-submit').click();
  await expect(edit).toBeHidden();
  await expect(eventRow(page, `${title} 2026`)).toBeVisible();

  // Another published event, not featured, for the grid.
  const token = await apiToken(request);
  const other = await createEventViaApi(request, token, { title: `Taller de Emprendimiento ${Date.now()}`, max_attendees: 10 });

  // A guest on /eventos: the featured banner, and the other event in the grid.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  try {
    await guest.goto('/eventos');
    await expect(guest).toHaveTitle('Eventos | Gobierno de Monterrey');
    const banner = guest.getByTestId('featured-event');
    await expect(banner).toContainText(`${title} 2026`);
    await expect(banner.getByRole('link', { name: 'Registrarse Ahora' })).toHaveAttribute('href', `/eventos/${body.event.slug}`);
    await expect(guest.getByTestId('events-grid-title')).toHaveText('Otros Eventos Disponibles');
    await expect(guest.locator(`[data-testid="event-card"][data-slug="${body.event.slug}"]`)).toHaveCount(0);
    const card = guest.locator(`[data-testid="event-card"][data-slug="${other.slug}"]`);
    await expect(card).toContainText(other.title);
    await expect(card.getByTestId('places-left')).toHaveText('10 lugares disponibles');
    await expect(guest.getByTestId('footer-privacy-link')).toHaveAttribute('href', '/aviso-de-privacidad');

    // Un-featuring moves it back to the grid, live (public.events-changed → refetch).
    await expect(guest.getByTestId('events-landing')).toHaveAttribute('data-live', 'joined');
    await row.getByTestId('toggle-featured').click();
    await expect(row.getByTestId('toggle-featured')).toHaveAttribute('aria-pressed', 'false');
    await expect(guest.getByTestId('featured-event')).toHaveCount(0);
    await expect(guest.getByTestId('events-grid-title')).toHaveText('Todos los Eventos');
    await expect(guest.locator(`[data-testid="event-card"][data-slug="${body.event.slug}"]`)).toBeVisible();
  } finally {
    await guestContext.close();
  }
});

test('two staff boards see a public registration and its confirmation live; the page turns full live', async ({ browser, request }) => {
  const token = await apiToken(request);
  const event = await createEventViaApi(request, token, { title: `Conferencia de Innovación ${Date.now()}`, max_attendees: 2 });

  const staffA = await newSignedInPage(browser, token);
  const staffB = await newSignedInPage(browser, await apiToken(request));
  const guestContext = await browser.newContext();
  const watcherContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const watcher = await watcherContext.newPage();
  try {
    for (const { page } of [staffA, staffB]) {
      await page.goto(`/eventos-externos/${event.id}/registros`);
      await expect(page.getByTestId('board-summary')).toContainText(event.title);
      await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
      await expect(page.getByTestId('registrations-empty')).toBeVisible();
    }
    let navigations = 0;
    for (const { page } of [staffA, staffB]) {
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations++;
      });
    }

    // A citizen, not signed in, registers on the public page.
    await openLive(guest, `/eventos/${event.slug}`, 'public-event');
    await expect(guest.getByTestId('places-left-count')).toHaveText('2');
    const email = uniqueEmail('ana');
    await fillRegistration(guest, { nombre: 'ana maría', paterno: 'lópez', materno: 'garza', email, empresa: 'tec de monterrey' });
    // Names, e-mail and company are uppercase as typed; the phone keeps digits only.
    await expect(guest.getByLabel('Nombre(s)')).toHaveValue('ANA MARÍA');
    await expect(guest.getByLabel('Correo electrónico')).toHaveValue(email.toUpperCase());
    await guest.getByLabel('Teléfono').fill('');
    await guest.getByLabel('Teléfono').pressSequentially('81a81-2345678999');
    await expect(guest.getByLabel('Teléfono')).toHaveValue('8181234567');
    await guest.getByTestId('registration-submit').click();
    await expect(guest.getByTestId('registration-success')).toContainText('¡Registro Exitoso!');
    const registeredAt = Date.now();

    // Both boards show it, without reload.
    for (const { page } of [staffA, staffB]) {
      const row = registrationRow(page, email);
      await expect(row).toContainText('ANA MARÍA LÓPEZ GARZA');
      await expect(row.getByTestId('registration-status')).toHaveText('Registrado');
      await expect(page.getByTestId('stat-total')).toContainText('1');
      await expect(page.getByTestId('stat-pending')).toContainText('1');
      await expect(page.getByTestId('board-count')).toContainText('1 / 2');
    }
    console.log(`registration reached both boards in ${Date.now() - registeredAt} ms`);

    // Confirm on board A → board B shows 'Asistió'.
    await registrationRow(staffA.page, email).getByTestId('confirm-registration').click();
    await expect(registrationRow(staffA.page, email).getByTestId('registration-status')).toHaveText('Asistió');
    await expect(registrationRow(staffB.page, email).getByTestId('registration-status')).toHaveText('Asistió');
    await expect(staffB.page.getByTestId('stat-attended')).toContainText('1');
    await expect(staffB.page.getByTestId('stat-percent')).toContainText('100%');
    await expect(registrationRow(staffB.page, email).getByTestId('unconfirm-registration')).toBeVisible();

    // Search is case-insensitive over name, CURP and e-mail.
    await staffB.page.getByTestId('registrations-search').fill('lópez');
    await expect(registrationRow(staffB.page, email)).toBeVisible();
    await staffB.page.getByTestId('registrations-search').fill('nadie-coincide');
    await expect(staffB.page.getByTestId('registrations-no-match')).toBeVisible();
    await staffB.page.getByTestId('registrations-search').fill('');

    // Another visitor watches the page; the last place is taken → 'Evento Lleno' without reload.
    await openLive(watcher, `/eventos/${event.slug}`, 'public-event');
    await expect(watcher.getByTestId('registration-form')).toBeVisible();
    await expect(watcher.getByTestId('places-left-count')).toHaveText('1');
    await guest.getByRole('button', { name: 'Registrar a otra persona' }).click();
    const email2 = uniqueEmail('luis');
    await fillRegistration(guest, { nombre: 'Luis', paterno: 'Treviño', materno: 'Salinas', email: email2 });
    await guest.getByTestId('registration-submit').click();
    await expect(guest.getByTestId('registration-success')).toBeVisible();
    await expect(watcher.getByTestId('event-full')).toContainText('Evento Lleno');
    await expect(watcher.getByTestId('registration-form')).toHaveCount(0);
    await expect(watcher.getByTestId('places-left-count')).toHaveText('0');
    await expect(registrationRow(staffB.page, email2)).toBeVisible();
    await expect(staffB.page.getByTestId('board-count')).toContainText('2 / 2');

    // Deleting on board B (confirmation names the person) disappears on board A.
    const confirmText = acceptNextDialog(staffB.page);
    await registrationRow(staffB.page, email2).getByTestId('delete-registration').click();
    await expect(registrationRow(staffA.page, email2)).toHaveCount(0);
    expect(confirmText()).toBe('¿Estás seguro de eliminar el registro de LUIS TREVIÑO SALINAS?');
    // The watcher gets a place back: the form returns.
    await expect(watcher.getByTestId('registration-form')).toBeVisible();
    expect(navigations).toBe(0);

    // CSV export: the server's file, saved with its name.
    const [download] = await Promise.all([staffA.page.waitForEvent('download'), staffA.page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^registros_${event.slug}_\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split('\r\n')[0]).toBe(
      'Nombre,Apellido Paterno,Apellido Materno,Fecha Nacimiento,Teléfono,Correo Electrónico,Empresa,Tipo de Participante,Estado,Fecha de Registro,Código de Acceso',
    );
    expect(csv).toContain(email.toUpperCase());
  } finally {
    await staffA.context.close();
    await staffB.context.close();
    await guestContext.close();
    await watcherContext.close();
  }
});

test('without view permission the screen alerts and goes back to the dashboard', async ({ page, request }) => {
  const token = await apiToken(request);
  const { email, password } = await createStaffUser(request, token, 'Sin Permisos', { eventos_internos: ['view'], eventos_externos: [] });
  await signIn(page, email, password);
  const alertText = acceptNextDialog(page);
  await page.goto('/eventos-externos');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(alertText()).toBe('No tienes permisos para ver eventos externos');
});

test('public event page: not found, draft preview only for staff, form rules, privacy notice', async ({ page, browser, request }) => {
  await page.goto('/eventos/no-existe-este-evento');
  await expect(page.getByRole('heading', { name: 'Evento No Encontrado' })).toBeVisible();
  await expect(page.getByText('El evento que buscas no existe o ha sido cancelado.')).toBeVisible();

  const token = await apiToken(request);
  const draft = await createEventViaApi(request, token, { title: `Borrador ${Date.now()}`, status: 'draft' });
  await page.goto(`/eventos/${draft.slug}`);
  await expect(page.getByRole('heading', { name: 'Evento No Encontrado' })).toBeVisible();
  const staff = await newSignedInPage(browser, token);
  try {
    await staff.page.goto(`/eventos/${draft.slug}`);
    await expect(staff.page.getByTestId('preview-banner')).toContainText('Solo usuarios autorizados pueden verlo');
    await expect(staff.page.getByTestId('registration-form')).toHaveCount(0);
  } finally {
    await staff.context.close();
  }

  // Form rules are checked in the browser before anything is sent.
  const open = await createEventViaApi(request, token, {
    title: `Abierto ${Date.now()}`,
    requirements: ['INE vigente'],
    agenda: ['Bienvenida'],
  });
  await page.goto(`/eventos/${open.slug}`);
  await expect(page).toHaveTitle(`${open.title} | Gobierno de Monterrey`);
  await expect(page.getByTestId('event-requirements')).toContainText('INE vigente');
  await expect(page.getByTestId('event-agenda')).toContainText('Bienvenida');
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/register')) posted++;
  });
  const form = page.getByTestId('registration-form');
  await expect(form.getByLabel('Teléfono')).toHaveAttribute('maxlength', '10');
  const max = await form.getByLabel('Fecha de nacimiento').getAttribute('max');
  expect(max).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(form.getByLabel('Tipo de participante').locator('option')).toHaveText([
    'Selecciona una opción',
    'Emprendedor',
    'Empresario',
    'Ejecutivo',
    'Estudiante',
    'Otro',
  ]);
  await fillRegistration(page, { nombre: 'Eva', paterno: 'Ruiz', materno: 'Paz', email: uniqueEmail('eva'), phone: '81812' });
  await page.getByTestId('registration-submit').click();
  await expect(page.getByTestId('reg-phone-error')).toHaveText('El teléfono debe tener exactamente 10 dígitos.');
  expect(posted).toBe(0);

  // A refusal by the server shows 'Error en el Registro' with its message (the same e-mail twice).
  const email = uniqueEmail('doble');
  await form.getByLabel('Teléfono').fill('8181234567');
  await form.getByLabel('Correo electrónico').fill(email);
  await page.getByTestId('registration-submit').click();
  await expect(page.getByTestId('registration-success')).toBeVisible();
  await page.getByRole('button', { name: 'Registrar a otra persona' }).click();
  await fillRegistration(page, { nombre: 'Eva', paterno: 'Ruiz', materno: 'Paz', email: email.toLowerCase() });
  await page.getByTestId('registration-submit').click();
  const failure = page.getByTestId('registration-error');
  await expect(failure).toContainText('Error en el Registro');
  await expect(failure).toContainText('Este correo electrónico ya está registrado en este evento.');

  // The privacy notice is linked from the form and is its own public page.
  await expect(page.getByTestId('privacy-link')).toHaveAttribute('href', '/aviso-de-privacidad');
  await page.goto('/aviso-de-privacidad');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aviso de Privacidad');
  await expect(page.getByTestId('privacy-notice').locator('.privacy__text p')).not.toHaveCount(0);
});

test('event images: browser checks, create-then-upload, and the partial-failure alert', async ({ page }) => {
  await openSignedIn(page, '/eventos-externos');
  const fill = async (title: string) => {
    await page.getByTestId('create-event').click();
    const modal = page.getByRole('dialog', { name: 'Crear Evento Externo' });
    await modal.getByLabel('Título').fill(title);
    await modal.getByLabel('Fecha y hora de inicio').fill(localInput(daysAhead(9, 11)));
    await modal.getByLabel('Ubicación').fill('Biblioteca Central');
    await modal.getByLabel('Descripción').fill('Lectura en voz alta para niñas y niños.');
    return modal;
  };

  // More than 5 MB: refused in the browser, the file is discarded.
  let modal = await fill(`Cuentacuentos ${Date.now()}`);
  await modal
    .getByTestId('event-image-input')
    .setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(modal.getByTestId('event-image-error')).toHaveText('La imagen no debe superar los 5MB');
  await expect(modal.getByTestId('event-image-input')).toHaveValue('');

  // The event is created first, then the image uploaded; an upload failure gives the §8 alert.
  await modal.getByTestId('event-image-input').setInputFiles({
    name: 'cartel.svg',
    mimeType: 'image/svg+xml',
    buffer: posterSvg('Cuentacuentos', '#1d4f91', '#6b1d2f'),
  });
  await expect(modal.getByTestId('event-image-preview').locator('img')).toBeVisible();
  await page.route('**/upload-image', (route) => route.fulfill({ status: 500, body: '{}', contentType: 'application/json' }));
  const alertText = acceptNextDialog(page);
  const title = await modal.getByLabel('Título').inputValue();
  await page.getByTestId('event-create-submit').click();
  await expect(eventRow(page, title)).toBeVisible();
  await expect.poll(alertText).toBe('El evento se creó pero hubo un error al cargar la imagen');
  await page.unroute('**/upload-image');

  // With the upload working, the row shows the stored image (served by the API).
  modal = await fill(`Cine Infantil ${Date.now()}`);
  const title2 = await modal.getByLabel('Título').inputValue();
  await modal.getByTestId('event-image-input').setInputFiles({
    name: 'cine.svg',
    mimeType: 'image/svg+xml',
    buffer: posterSvg('Cine', '#177245', '#b38e5d'),
  });
  const [upload] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/upload-image')),
    page.getByTestId('event-create-submit').click(),
  ]);
  expect(upload.status()).toBe(201);
  await expect(eventRow(page, title2).locator('img.event-cell__thumb')).toHaveAttribute('src', /^\/api\/images\/.+\.png$/);
});

test('a registration whose answer is lost on the way is sent once more with the same key: success, one registration', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const event = await createEventViaApi(request, token, { title: `Reintento ${Date.now()}` });
  const sent: Array<string | null> = [];
  await page.route('**/api/eventos/*/register', async (route) => {
    sent.push(route.request().headers()['idempotency-key'] ?? null);
    if (sent.length > 1) return route.continue();
    // The first one reaches the server and is registered; its answer never reaches the browser (a network error).
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.goto(`/eventos/${event.slug}`);
  await fillRegistration(page, { nombre: 'Rita', paterno: 'Leal', materno: 'Sáenz', email: uniqueEmail('reintento') });
  await page.getByTestId('registration-submit').click();
  await expect(page.getByTestId('registration-success')).toBeVisible();
  expect(sent).toHaveLength(2);
  expect(sent[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(sent[1]).toBe(sent[0]);
  const saved = await request.get(`/api/eventos-externos/${event.id}/registrations`, { headers: bearer(token) });
  const { event: counted, registrations } = (await saved.json()) as { event: { current_attendees: number }; registrations: unknown[] };
  expect([counted.current_attendees, registrations.length]).toEqual([1, 1]);
});
