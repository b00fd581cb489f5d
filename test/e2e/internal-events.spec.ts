import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, expectScreenOk, newSignedInPage, signIn, viewportFor, openSignedIn } from '../setup/browser';
import {
  assignViaApi,
  autoSeatViaApi,
  createInternalEventViaApi,
  createPeopleViaApi,
  createSpaceViaApi,
  eventInSpaceViaApi,
  sectionsOf,
  setSpaceViaApi,
  setStatusViaApi,
} from './internal-events-helpers';

const attendeeRow = (page: Page, personaId: number) => page.locator(`[data-testid="ie-attendee"][data-persona="${personaId}"]`);

test('list: create through the modal, filter on the server, delete only a borrador', async ({ page }) => {
  await signIn(page);
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Eventos Internos' }).click();
  await expect(page).toHaveURL(/\/eventos-internos$/);
  await expect(page.getByRole('heading', { name: 'Gestión de Eventos Internos' })).toBeVisible();
  await expect(page.getByTestId('ie-espacios-link')).toHaveAttribute('href', '/espacios');

  const title = `Taller de Transparencia ${Date.now()}`;
  await page.getByTestId('ie-create').click();
  const modal = page.getByRole('dialog', { name: 'Crear Nuevo Evento Interno' });
  await expect(modal.getByTestId('ie-estado').locator('option')).toHaveText(['Borrador', 'Confirmado']);
  await page.getByTestId('ie-submit').click();
  await expect(modal.getByText('El título es obligatorio.')).toBeVisible();
  await modal.getByTestId('ie-titulo').fill(title);
  await modal.getByTestId('ie-fecha-evento').fill('2026-12-15T10:30');
  await modal.getByTestId('ie-tipo').selectOption('taller');
  await page.getByTestId('ie-submit').click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('toast-success')).toContainText('Evento interno creado exitosamente');
  const card = page.getByTestId('ie-card').filter({ hasText: title });
  await expect(card).toContainText('Borrador');
  await expect(card).toContainText('Taller');
  await expect(card).toContainText('15 de diciembre de 2026, 10:30 a. m.');

  // Filters are applied by the server.
  const [filtered] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/eventos-internos?') && r.url().includes('tipo=conferencia')),
    page.getByTestId('ie-filter-tipo').selectOption('conferencia'),
  ]);
  expect(filtered.status()).toBe(200);
  await expect(card).toHaveCount(0);
  await page.getByTestId('ie-filter-tipo').selectOption('todos');
  await expect(card).toHaveCount(1);

  // Edit: all four states; then delete is offered only for a borrador.
  await card.getByTestId('ie-card-edit').click();
  const edit = page.getByRole('dialog', { name: 'Editar Evento Interno' });
  await expect(edit.getByTestId('ie-estado').locator('option')).toHaveText(['Borrador', 'Confirmado', 'Cancelado', 'Completado']);
  await expect(edit.getByTestId('ie-fecha-evento')).toHaveValue('2026-12-15T10:30');
  await edit.getByTestId('ie-submit').click();
  await expect(page.getByTestId('toast-success').last()).toContainText('Evento interno actualizado exitosamente');
  await card.getByTestId('ie-card-delete').click();
  const del = page.getByRole('dialog', { name: 'Eliminar Evento Interno' });
  await expect(del).toContainText('Esta acción no se puede deshacer');
  await page.getByTestId('ie-delete-confirm').click();
  await expect(card).toHaveCount(0);
  await expect(page.getByTestId('toast-success').last()).toContainText('Evento interno eliminado exitosamente');
});

test('two staff boards follow an invited person confirming on the public page, without a reload', async ({ browser, request }) => {
  // Three browser contexts on a shared 2-core machine: more time than one page needs.
  test.setTimeout(150_000);
  const token = await apiToken(request);
  const evento = await createInternalEventViaApi(request, token);
  const ids = await createPeopleViaApi(request, token, [
    { nombre: 'María José', apellido_paterno: 'Treviño', apellido_materno: 'Garza', telefono_celular: '8112345678' },
    { nombre: 'Héctor', apellido_paterno: 'Cantú', apellido_materno: 'Leal' },
  ]);
  const asistentes = await assignViaApi(request, token, evento.id, ids);
  const code = asistentes.find((a) => a.id === ids[0])!.pivot.confirmation_code;

  const staff = await Promise.all([newSignedInPage(browser, token), newSignedInPage(browser, token)]);
  for (const { page } of staff) {
    await page.goto(`/eventos-internos/${evento.id}`);
    await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
    await expect(page.getByTestId('ie-asistentes-title')).toHaveText('Asistentes (2)');
    await expect(page.getByTestId('ie-count-pendientes')).toContainText('2');
    await expect(attendeeRow(page, ids[0]).getByTestId('ie-attendee-status')).toHaveText('Pendiente');
  }

  const guest = await browser.newContext();
  const pub = await guest.newPage();
  await pub.goto(`/evento-interno/${evento.slug}`);
  await expect(pub.getByRole('heading', { name: evento.titulo })).toBeVisible();
  await expect(pub.getByRole('heading', { name: 'Confirmar Asistencia' })).toBeVisible();
  const input = pub.getByTestId('pie-code');
  await expect(pub.getByTestId('pie-submit')).toBeDisabled();
  await input.fill(code.toLowerCase().slice(0, 3));
  await input.blur();
  await expect(pub.getByText('Por favor ingresa un código válido de 5 caracteres.')).toBeVisible();
  await input.fill(code.toLowerCase());
  await expect(input).toHaveValue(code);
  await pub.getByTestId('pie-submit').click();
  await expect(pub.getByTestId('pie-success')).toContainText('¡Gracias, MARÍA JOSÉ!');
  await expect(input).toBeDisabled();
  await expect(pub.getByTestId('pie-confirmados')).toHaveText('1');
  await expect(pub.getByTestId('pie-pendientes')).toHaveText('1');

  for (const { page } of staff) {
    await expect(attendeeRow(page, ids[0]).getByTestId('ie-attendee-status')).toHaveText('Confirmado');
    await expect(page.getByTestId('ie-count-confirmados')).toContainText('1');
    await expect(page.getByTestId('ie-count-pendientes')).toContainText('1');
  }
  // A wrong code reveals nothing.
  const other = await guest.newPage();
  await other.goto(`/evento-interno/${evento.id}`);
  await other.getByTestId('pie-code').fill('ZZZZZ');
  await other.getByTestId('pie-submit').click();
  await expect(other.getByTestId('pie-error')).toHaveText('Código inválido. Verifica tu código e intenta nuevamente.');
  // Staff changes reach the public page as counts.
  await setStatusViaApi(request, token, evento.id, ids[1], 'confirmado');
  await expect(pub.getByTestId('pie-confirmados')).toHaveText('2');
  await expect(pub.getByTestId('pie-pendientes')).toHaveText('0');

  await guest.close();
  for (const { context } of staff) await context.close();
});

test('asistio without a seat: choose a section, the seat is given and the status set', async ({ page, request }) => {
  const token = await apiToken(request);
  const {
    evento,
    ids: [id],
  } = await eventInSpaceViaApi(request, token, {
    espacio: `Auditorio ${Date.now()}`,
    secciones: [
      { nombre: 'Preferente', codigo: 'P', filas: 2, asientos_por_fila: 5, color: '#1d4f91' },
      { nombre: 'General', codigo: 'G', filas: 3, asientos_por_fila: 6, color: '#177245' },
    ],
    people: [{ nombre: 'Lucía', apellido_paterno: 'Salinas', apellido_materno: 'Peña' }],
  });
  await setStatusViaApi(request, token, evento.id, id, 'confirmado');

  await openSignedIn(page, `/eventos-internos/${evento.id}`);
  await expect(page.getByTestId('ie-espacio')).toContainText('(28 asientos)');
  const row = attendeeRow(page, id);
  await expect(row.getByTestId('ie-attendee-seat')).toHaveText('Sin asignar');
  await row.getByTestId('ie-attendee-status').click();
  const modal = page.getByRole('dialog', { name: 'Cambiar Estado de Confirmación' });
  await expect(modal).toContainText('de Confirmado a Asistió');
  await expect(page.getByTestId('ie-status-confirm')).toBeDisabled();
  await page.getByTestId('ie-status-seccion').selectOption({ label: 'Preferente (10 libres)' });
  await page.getByTestId('ie-status-confirm').click();
  await expect(modal).toBeHidden();
  await expect(row.getByTestId('ie-attendee-status')).toHaveText('Asistió');
  await expect(row.getByTestId('ie-attendee-seat')).toHaveText(/^Preferente - [A-Z]+-\d+$/);
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Estado actualizado exitosamente' })).toBeVisible();
  await expect(page.getByTestId('ie-count-asistieron')).toContainText('1');

  // The cycle goes back to pendiente (no section needed).
  await row.getByTestId('ie-attendee-status').click();
  await expect(page.getByTestId('ie-status-seccion')).toHaveCount(0);
  await page.getByTestId('ie-status-confirm').click();
  await expect(row.getByTestId('ie-attendee-status')).toHaveText('Pendiente');

  // The export: BOM, the spec's columns, the seat.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ie-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^asistentes_reunion_de_gabinete_\d+_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).trim().split('\r\n');
  expect(lines[0]).toBe('NOMBRE,EMPRESA,PUESTO,SECCIÓN/ASIENTO,CÓDIGO,CONFIRMACIÓN,TELÉFONO CELULAR');
  expect(lines[1]).toMatch(/^LUCÍA SALINAS PEÑA,N\/A,N\/A,Preferente - [A-Z]+-\d+,[A-Z2-9]{5},Pendiente,N\/A$/);
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Lista de asistentes exportada exitosamente' })).toBeVisible();
});

test('edit page: changing the space with seats assigned asks first; cancel reverts, confirm changes and returns', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const first = await createSpaceViaApi(request, token, `Salón Azul ${Date.now()}`, [
    { nombre: 'Única', codigo: 'U', filas: 2, asientos_por_fila: 4 },
  ]);
  const second = await createSpaceViaApi(request, token, `Salón Verde ${Date.now()}`, [
    { nombre: 'Única', codigo: 'U', filas: 3, asientos_por_fila: 4 },
  ]);
  const evento = await createInternalEventViaApi(request, token);
  await setSpaceViaApi(request, token, evento.id, first.id);
  const [id] = await createPeopleViaApi(request, token, [{ nombre: 'Jorge', apellido_paterno: 'Villarreal' }]);
  await assignViaApi(request, token, evento.id, [id]);
  const [sec] = await sectionsOf(request, token, evento.id);
  await autoSeatViaApi(request, token, evento.id, id, sec.id);

  await openSignedIn(page, `/eventos-internos/${evento.id}/edit`);
  const select = page.getByTestId('ie-espacio-select');
  await expect(select).toHaveValue(String(first.id));
  await expect(select.locator('option', { hasText: 'Sin asignación de asientos' })).toHaveCount(1);
  await select.selectOption(String(second.id));
  await page.getByTestId('ie-edit-save').click();
  const modal = page.getByRole('dialog', { name: 'Confirmar cambio de espacio' });
  await expect(modal).toContainText('1 asiento(s) asignado(s)');
  await page.getByTestId('ie-space-cancel').click();
  await expect(modal).toBeHidden();
  await expect(select).toHaveValue(String(first.id));
  await expect(page.getByTestId('toast-info')).toContainText('Cambio de espacio cancelado');

  await select.selectOption(String(second.id));
  await page.getByTestId('ie-edit-save').click();
  await page.getByTestId('ie-space-confirm').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Espacio cambiado exitosamente' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/eventos-internos/${evento.id}$`), { timeout: 5000 });
  await expect(page.getByTestId('ie-espacio')).toContainText('(12 asientos)');
  await expect(attendeeRow(page, id).getByTestId('ie-attendee-seat')).toHaveText('Sin asignar');
});

test('assign persons: 50 per page, searched on the server, at least one selected', async ({ page, request }) => {
  const token = await apiToken(request);
  const evento = await createInternalEventViaApi(request, token);
  const tag = `ZQ${Date.now().toString(36).toUpperCase().replace(/\d/g, 'X')}`;
  await createPeopleViaApi(request, token, [
    { nombre: `Ana ${tag}`, apellido_paterno: 'Ríos', correo_electronico: `ana.${tag.toLowerCase()}@correo.mx` },
    { nombre: `Paola ${tag}`, apellido_paterno: 'Zambrano' },
  ]);
  await openSignedIn(page, `/eventos-internos/${evento.id}`);
  await expect(page.getByTestId('ie-no-attendees')).toHaveText('No hay asistentes asignados a este evento.');
  await page.getByTestId('ie-assign-open').click();
  await expect(page.getByTestId('ie-assign-submit')).toBeDisabled();
  await page.getByTestId('ie-assign-search').fill(`rios ${tag.toLowerCase()}`);
  await expect(page.getByTestId('ie-assign-row')).toHaveCount(1);
  await page.getByTestId('ie-assign-row').first().click();
  await expect(page.getByTestId('ie-assign-submit')).toHaveText('Asignar (1)');
  await page.getByTestId('ie-assign-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: '1 persona(s) asignada(s) exitosamente' })).toBeVisible();
  await expect(page.getByTestId('ie-asistentes-title')).toHaveText('Asistentes (1)');
  await page.getByTestId('ie-search').fill('zzz nadie');
  await expect(page.getByTestId('ie-no-match')).toHaveText('No se encontraron asistentes');
  await page.getByTestId('ie-search').fill('RIOS ana');
  await expect(page.getByTestId('ie-attendee')).toHaveCount(1);
});

test('list: each card opens the same assign-persons modal, by keyboard; the card counts the new attendee live', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const evento = await createInternalEventViaApi(request, token, { titulo: `Comité de Movilidad ${Date.now()}` });
  const tag = `ZL${Date.now().toString(36).toUpperCase().replace(/\d/g, 'X')}`;
  await createPeopleViaApi(request, token, [
    { nombre: `Irma ${tag}`, apellido_paterno: 'Cantú', correo_electronico: `irma.${tag.toLowerCase()}@correo.mx` },
    { nombre: `Raúl ${tag}`, apellido_paterno: 'Leal' },
  ]);
  for (const width of [1280, 360] as const) {
    await page.setViewportSize(viewportFor(width));
    if (width === 1280) await openSignedIn(page, '/eventos-internos');
    else await page.goto('/eventos-internos');
    const card = page.getByTestId('ie-card').filter({ hasText: evento.titulo });
    const before = Number(await card.getByTestId('ie-card-count').textContent());
    // Named by its visible text first (WCAG 2.5.3), then which event: one such button per card.
    const open = card.getByRole('button', { name: `Asignar Personas a ${evento.titulo}` });
    await expect(open).toHaveText('Asignar Personas');
    await open.focus();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Asignar Personas' });
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('ie-assign-submit')).toBeDisabled();
    const search = modal.getByRole('searchbox', { name: 'Buscar personas' });
    await search.focus();
    await page.keyboard.type(`${width === 1280 ? 'cantu' : 'leal'} ${tag.toLowerCase()}`);
    await expect(modal.getByTestId('ie-assign-row')).toHaveCount(1);
    await expectScreenOk(page, `assign-persons modal from the list at ${width} px`);
    // Keyboard only: Tab to the person's checkbox, Space to select, Tab on to 'Asignar (1)'.
    const row = modal.getByRole('checkbox', { name: new RegExp(width === 1280 ? `Irma ${tag}` : `Raúl ${tag}`, 'i') });
    for (let i = 0; i < 12 && !(await row.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(row).toBeFocused();
    await page.keyboard.press('Space');
    const submit = modal.getByRole('button', { name: 'Asignar (1)' });
    for (let i = 0; i < 12 && !(await submit.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(submit).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('toast-success').filter({ hasText: '1 persona(s) asignada(s) exitosamente' }).last()).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(open).toBeFocused();
    await expect(card.getByTestId('ie-card-count')).toHaveText(String(before + 1));
  }
  // The same modal as the detail's: both people are now attendees there.
  await page.goto(`/eventos-internos/${evento.id}`);
  await expect(page.getByTestId('ie-asistentes-title')).toHaveText('Asistentes (2)');
});

test('check-in at the door: a typed code marks asistio with a seat, live on the staff board; invitations carry a QR', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await apiToken(request);
  const {
    evento,
    ids: [id],
    asistentes: [asistente],
  } = await eventInSpaceViaApi(request, token, {
    espacio: `Sala de Juntas ${Date.now()}`,
    secciones: [{ nombre: 'Mesa', codigo: 'M', filas: 1, asientos_por_fila: 6 }],
    people: [{ nombre: 'Valeria', apellido_paterno: 'González', apellido_materno: 'Cavazos' }],
  });
  const code = asistente.pivot.confirmation_code;

  const board = await newSignedInPage(browser, token);
  await board.page.goto(`/eventos-internos/${evento.id}`);
  await expect(board.page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');

  // The detail's link leads to the event's door; the old check-in address still gets there.
  await expect(board.page.getByTestId('ie-door-link')).toHaveAttribute('href', `/eventos-internos/${evento.id}/puerta`);
  const desk = await newSignedInPage(browser, token);
  await desk.page.goto(`/eventos-internos/${evento.id}/check-in`);
  await expect(desk.page).toHaveURL(new RegExp(`/eventos-internos/${evento.id}/puerta$`));
  await expect(desk.page.getByRole('heading', { name: 'Puerta' })).toBeVisible();
  await desk.page.getByTestId('door-gate-input').fill('Acceso principal');
  await desk.page.getByTestId('door-gate-save').click();
  await expect(desk.page.getByTestId('door-seccion')).toBeVisible();
  await desk.page.getByTestId('door-code').fill(code.toLowerCase());
  await desk.page.getByTestId('door-submit').click();
  await expect(desk.page.getByTestId('door-result-title')).toHaveText('Adelante: admitido');
  await expect(desk.page.getByTestId('door-result-name')).toHaveText('VALERIA');
  await expect(desk.page.getByTestId('door-result')).toContainText('Asistencia registrada: VALERIA GONZÁLEZ CAVAZOS');
  await expect(desk.page.getByTestId('door-result')).toContainText('Asiento: Mesa - A-');
  await expect(desk.page.getByTestId('door-code')).toHaveValue('');
  await expect(desk.page.getByTestId('door-occupancy-inside')).toHaveText('1');

  await expect(attendeeRow(board.page, id).getByTestId('ie-attendee-status')).toHaveText('Asistió');
  await expect(attendeeRow(board.page, id).getByTestId('ie-attendee-seat')).toHaveText(/^Mesa - A-\d$/);
  await expect(board.page.getByTestId('ie-count-asistieron')).toContainText('1');

  await desk.page.goto(`/eventos-internos/${evento.id}/invitaciones`);
  const invite = desk.page.getByTestId('ie-invite');
  await expect(invite).toHaveCount(1);
  await expect(invite.getByTestId('ie-invite-code')).toHaveText(code);
  await expect(invite.locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);

  // The QR's link opens the public page with the code filled in.
  const guest = await browser.newContext();
  const pub = await guest.newPage();
  await pub.goto(`/evento-interno/${evento.slug}?codigo=${code}`);
  await expect(pub.getByTestId('pie-code')).toHaveValue(code);
  await guest.close();
  await board.context.close();
  await desk.context.close();
});
