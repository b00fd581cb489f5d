import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, bearer as auth, createStaffUser, newSignedInPage } from '../setup/browser';
import { createInternalEventViaApi, createSpaceViaApi, eventInSpaceViaApi, setSpaceViaApi } from './internal-events-helpers';

async function staffToken(
  request: APIRequestContext,
  admin: string,
  name: string,
  eventosInternos: string[] = ['view', 'edit'],
): Promise<string> {
  const { email, password } = await createStaffUser(request, admin, name, { eventos_internos: eventosInternos });
  return apiToken(request, email, password);
}

const totals = (page: Page) => page.getByTestId('seating-totals');

test('two staff on one seating map: keyboard-only assignment, release and a mass assignment reach the other without a reload', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await apiToken(request);
  const other = await staffToken(request, admin, 'Lucía Treviño');
  const { evento } = await eventInSpaceViaApi(request, admin, {
    espacio: `Salón de Cabildo ${Date.now()}`,
    secciones: [
      { nombre: 'Preferente', codigo: 'P', filas: 2, asientos_por_fila: 4, color: '#1d4f91' },
      { nombre: 'General', codigo: 'G', filas: 3, asientos_por_fila: 5, color: '#177245' },
    ],
    evento: { titulo: `Sesión Solemne ${Date.now()}` },
    people: [
      { nombre: 'María Fernanda', apellido_paterno: 'Garza', apellido_materno: 'Treviño' },
      { nombre: 'José Luis', apellido_paterno: 'Cantú', apellido_materno: 'Leal' },
      { nombre: 'Ana Sofía', apellido_paterno: 'Villarreal', apellido_materno: 'González' },
      { nombre: 'Carlos', apellido_paterno: 'Salinas', apellido_materno: 'Elizondo' },
    ],
  });

  const [a, b] = await Promise.all([newSignedInPage(browser, admin), newSignedInPage(browser, other)]);
  for (const { page } of [a, b]) {
    await page.goto(`/eventos-internos/${evento.id}/seating`);
    await expect(page.getByRole('heading', { name: 'Gestión de Asientos' })).toBeVisible();
    await expect(page.getByTestId('seating-event')).toContainText(evento.titulo);
    await expect(totals(page)).toHaveText('23 asientos totales | 0 asignados');
    await expect(page.getByTestId('live-indicator').first()).toHaveAttribute('data-state', 'joined');
  }
  await expect(a.page.getByRole('link', { name: 'Volver al evento' })).toHaveAttribute('href', `/eventos-internos/${evento.id}`);
  // Presence: each sees the other.
  await expect(a.page.getByTestId('seating-presence')).toContainText('Lucía Treviño');
  await expect(b.page.getByTestId('seating-presence')).not.toContainText('Nadie más');

  // Keyboard only: focus the map, move one seat right, Enter opens the seat; assign through the dialogs.
  const pa = a.page;
  await pa.getByTestId('seat-map-focus').focus();
  await pa.keyboard.press('ArrowRight');
  await expect(pa.getByTestId('seat-announcement')).toContainText('P-A-2');
  await pa.keyboard.press('Enter');
  const details = pa.getByRole('dialog', { name: 'Asiento P-A-2' });
  await expect(details).toBeVisible();
  await pa.keyboard.press('Tab');
  await expect(details.getByTestId('seating-assign-open')).toBeFocused();
  await pa.keyboard.press('Enter');
  const assign = pa.getByRole('dialog', { name: 'Asignar persona al asiento P-A-2' });
  await expect(assign.getByTestId('seating-assign-row')).toHaveCount(4);
  await pa.keyboard.type('cantú');
  await expect(assign.getByTestId('seating-assign-row')).toHaveCount(1);
  await pa.keyboard.press('Tab'); // sector
  await pa.keyboard.press('Tab'); // empresa
  await pa.keyboard.press('Tab'); // the person
  await pa.keyboard.press('Space');
  await pa.keyboard.press('Tab'); // Cancelar
  await pa.keyboard.press('Tab'); // Asignar
  await expect(assign.getByTestId('seating-assign-confirm')).toBeFocused();
  await pa.keyboard.press('Enter');
  await expect(assign).toBeHidden();
  await expect(pa.getByTestId('toast-success').last()).toContainText('Asiento asignado exitosamente');
  await expect(totals(pa)).toHaveText('23 asientos totales | 1 asignados');
  // The other screen, without a reload.
  await expect(totals(b.page)).toHaveText('23 asientos totales | 1 asignados');

  // Release (after confirmation).
  await pa.getByTestId('seat-map-focus').focus();
  await pa.keyboard.press('Enter');
  await expect(pa.getByTestId('seating-seat-person')).toHaveText('JOSÉ LUIS CANTÚ LEAL');
  await pa.getByTestId('seating-release-open').click();
  await expect(pa.getByRole('dialog', { name: 'Liberar asiento' })).toContainText('JOSÉ LUIS CANTÚ LEAL');
  await pa.getByTestId('seating-release-confirm').click();
  await expect(pa.getByTestId('toast-success').last()).toContainText('Asiento liberado exitosamente');
  await expect(totals(b.page)).toHaveText('23 asientos totales | 0 asignados');

  // Mass assignment into Preferente (8 seats): started on A; progress/result reach both.
  await pa.getByTestId('seating-mass-open').click();
  const mass = pa.getByRole('dialog', { name: 'Asignación masiva de asientos' });
  await mass.getByTestId('seating-mass-seccion').selectOption({ label: 'Preferente (8 libres)' });
  await mass.getByTestId('seating-mass-all').check();
  await expect(mass.getByTestId('seating-mass-selected')).toHaveText('4 seleccionada(s)');
  await mass.getByTestId('seating-mass-confirm').click();
  await expect(mass).toBeHidden();
  for (const { page } of [a, b]) {
    await expect(page.getByTestId('seating-mass-result')).toHaveText('Se asignaron 4 personas exitosamente.');
    await expect(totals(page)).toHaveText('23 asientos totales | 4 asignados');
  }
  // Undo from the other screen; both follow.
  await b.page.getByTestId('seating-mass-undo').click();
  await expect(b.page.getByTestId('toast-success').last()).toContainText('Asignación masiva deshecha: 4 asientos liberados.');
  await expect(totals(pa)).toHaveText('23 asientos totales | 0 asignados');

  await Promise.all([a.context.close(), b.context.close()]);
});

test('view-only staff see the map and the details of a seat, without actions', async ({ browser, request }) => {
  const admin = await apiToken(request);
  const viewer = await staffToken(request, admin, 'Solo Ver', ['view']);
  const espacio = await createSpaceViaApi(request, admin, `Sala ${Date.now()}`, [
    { nombre: 'Única', codigo: 'U', filas: 1, asientos_por_fila: 3 },
  ]);
  const evento = await createInternalEventViaApi(request, admin);
  await setSpaceViaApi(request, admin, evento.id, espacio.id);
  const { context, page } = await newSignedInPage(browser, viewer);
  // The map is read once in full; the resync after joining its rooms revalidates it (304, no body).
  const mapAnswers: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith(`/api/eventos-internos/${evento.id}/seating-map?formato=compacto`)) mapAnswers.push(r.status());
  });
  await page.goto(`/eventos-internos/${evento.id}/seating`);
  await expect(totals(page)).toHaveText('3 asientos totales | 0 asignados');
  await expect.poll(() => mapAnswers.length).toBeGreaterThanOrEqual(2);
  expect(mapAnswers[0]).toBe(200);
  expect(mapAnswers.slice(1).every((status) => status === 304)).toBe(true);
  await expect(page.getByTestId('seating-mass-open')).toHaveCount(0);
  await page.getByTestId('seat-map-focus').focus();
  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog', { name: 'Asiento U-A-1' });
  await expect(details).toBeVisible();
  await expect(details.getByTestId('seating-assign-open')).toHaveCount(0);
  await context.close();
});

test('people merged into one reach an open seating map without a reload: the seat shows the person kept', async ({ browser, request }) => {
  const admin = await apiToken(request);
  const { evento, ids } = await eventInSpaceViaApi(request, admin, {
    espacio: `Sala de Juntas ${Date.now()}`,
    secciones: [{ nombre: 'General', codigo: 'G', filas: 1, asientos_por_fila: 4, color: '#177245' }],
    evento: { titulo: `Comité Vecinal ${Date.now()}` },
    people: [
      { nombre: 'Roberto', apellido_paterno: 'Garza', apellido_materno: 'Leal' },
      { nombre: 'Roberto Carlos', apellido_paterno: 'Garza', apellido_materno: 'Leal' },
    ],
  });
  const map = await request.get(`/api/eventos-internos/${evento.id}/seating-map`, { headers: auth(admin) });
  const seat = (await map.json()).seating_map[0].secciones[0].asientos[0];
  const seated = await request.post(`/api/eventos-internos/${evento.id}/assign-seat`, {
    headers: auth(admin),
    data: { persona_id: ids[1], asiento_id: seat.id },
  });
  expect(seated.status(), await seated.text()).toBe(201);

  const { page, context } = await newSignedInPage(browser, admin);
  await page.goto(`/eventos-internos/${evento.id}/seating`);
  await expect(page.getByTestId('live-indicator').first()).toHaveAttribute('data-state', 'joined');
  await page.getByTestId('seat-map-focus').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('seating-seat-person')).toHaveText('ROBERTO CARLOS GARZA LEAL');
  await page.keyboard.press('Escape');

  // Elsewhere, Roberto Carlos is merged into Roberto: his invitation and seat become Roberto's.
  const merged = await request.post('/api/personas/fusiones', {
    headers: auth(admin),
    data: { sobreviviente_id: ids[0], fusionar_ids: [ids[1]], campos: { nombre: ids[0] } },
  });
  expect(merged.status(), await merged.text()).toBe(201);
  await expect(totals(page)).toHaveText('4 asientos totales | 1 asignados');
  await page.getByTestId('seat-map-focus').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('seating-seat-person')).toHaveText('ROBERTO GARZA LEAL');
  await context.close();
});
