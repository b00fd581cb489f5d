import { mkdirSync } from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, bearer, createStaffUser, expectScreenOk, newSignedInPage, uniqueEmail, viewportFor } from '../setup/browser';
import { createEventViaApi, registerViaApi } from './external-events-helpers';
import { eventInSpaceViaApi } from './internal-events-helpers';

/**
 * The occupancy board and the capacity alarm banner on the event's staff screens: live by socket push
 * when a door scans through the API, the supervisor's buttons only for delete rights, axe at 1280 and 360 px.
 * With AFORO_SHOTS=1 each screen is also saved as a PNG (AFORO_SHOTS_DIR, default /tmp/shots-occupancy).
 */
const shotsDir = process.env.AFORO_SHOTS_DIR ?? '/tmp/shots-occupancy';

async function shot(page: Page, name: string): Promise<void> {
  if (!process.env.AFORO_SHOTS) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** A published event with a venue limit of 5 and 5 registrations; their door codes. */
async function eventAtTheDoor(request: APIRequestContext, token: string, title: string) {
  const event = await createEventViaApi(request, token, { title, aforo_maximo: 5, max_attendees: 50 });
  for (let i = 0; i < 5; i++) {
    await registerViaApi(request, event.slug, {
      nombre: ['María Fernanda', 'José Luis', 'Ana Sofía', 'Juan Carlos', 'Guadalupe'][i],
      apellido_paterno: 'Garza',
      apellido_materno: 'Treviño',
      email: uniqueEmail(`puerta${i}`),
    });
  }
  const res = await request.get(`/api/eventos-externos/${event.id}/registrations`, { headers: bearer(token) });
  expect(res.ok()).toBeTruthy();
  const { registrations } = (await res.json()) as { registrations: Array<{ id: number; codigo: string }> };
  const codes = [...registrations].sort((a, b) => a.id - b.id).map((r) => r.codigo);
  return { event, codes };
}

async function scan(request: APIRequestContext, token: string, eventId: number, code: string, gate: string, direction = 'in') {
  const res = await request.post(`/api/eventos-externos/${eventId}/check-in`, { headers: bearer(token), data: { code, gate, direction } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { result: string };
}

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test('the board moves live with scans made through the API; the alarm banner shows live on the board and on the registrations board; a supervisor lets people in and empties the venue', async ({
  browser,
  request,
}) => {
  const token = await apiToken(request);
  const { event, codes } = await eventAtTheDoor(request, token, `Festival de la Luz ${Date.now()}`);
  const board = await newSignedInPage(browser, token);
  const registrations = await newSignedInPage(browser, token);
  const page = board.page;
  await page.goto(`/eventos-externos/${event.id}/aforo`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(event.title);
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
  await expect(page.getByTestId('occupancy-inside')).toHaveText('0');
  await expect(page.getByTestId('occupancy-capacity')).toContainText('de 5');
  await expect(page.getByTestId('door-alarm')).toHaveCount(0);

  // A door scans: the board moves without a reload.
  expect((await scan(request, token, event.id, codes[0], 'Puerta Norte')).result).toBe('admitted');
  await expect(page.getByTestId('occupancy-inside')).toHaveText('1');
  const north = page.locator('[data-testid="occupancy-gate"][data-gate="Puerta Norte"]');
  await expect(north.getByTestId('occupancy-gate-in')).toHaveText('1');
  await expect(page.getByTestId('occupancy-sparkline-summary')).toContainText('ahora');

  // The registrations board of the same event, in another browser: the banner reaches it too.
  await registrations.page.goto(`/eventos-externos/${event.id}/registros`);
  await expect(registrations.page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
  await expect(registrations.page.getByTestId('occupancy-link')).toBeVisible();

  // 4 of 5 inside: the first alarm level (80 %), pushed to every staff screen of the event, announced.
  for (const code of codes.slice(1, 4)) expect((await scan(request, token, event.id, code, 'Puerta Sur')).result).toBe('admitted');
  for (const p of [page, registrations.page]) {
    const banner = p.getByRole('alert').filter({ hasText: 'Alarma de aforo' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('80 %');
    await expect(banner).toContainText('4 de 5 personas dentro');
  }
  await expect(page.getByTestId('occupancy-inside')).toHaveText('4');

  // The fifth: full. The door stops; the supervisor's 'Permitir entrada' comes alive.
  expect((await scan(request, token, event.id, codes[4], 'Puerta Sur')).result).toBe('admitted');
  for (const p of [page, registrations.page]) {
    await expect(p.getByRole('alert').filter({ hasText: 'Recinto lleno' })).toBeVisible();
    await expect(p.getByTestId('door-alarm')).toHaveAttribute('data-level', '100');
  }
  await expect(page.getByTestId('occupancy-entry')).toHaveAttribute('data-state', 'stopped');
  const override = page.getByTestId('occupancy-override');
  await expect(override).toBeEnabled();

  for (const width of [1280, 360] as const) {
    await page.setViewportSize(viewportFor(width));
    await expectScreenOk(page, `tablero de aforo lleno a ${width} px`);
    await shot(page, `board-full-${width}`);
  }
  await page.setViewportSize(viewportFor(1280));
  await shot(registrations.page, 'registrations-banner-1280');

  await override.click();
  await expect(page.getByTestId('occupancy-entry')).toHaveAttribute('data-state', 'lifted');
  await expect(page.getByTestId('occupancy-restore')).toBeVisible();

  // 'Vaciar recinto', after its confirmation: everyone out, the alarm gone on both screens.
  await page.getByTestId('occupancy-empty').click();
  const modal = page.getByTestId('occupancy-empty-modal');
  await expect(modal).toContainText('Las 5 personas');
  await expectScreenOk(page, 'confirmar vaciar recinto');
  await page.getByTestId('occupancy-empty-confirm').click();
  await expect(page.getByTestId('occupancy-inside')).toHaveText('0');
  await expect(page.getByTestId('door-alarm')).toHaveCount(0);
  await expect(registrations.page.getByTestId('door-alarm')).toHaveCount(0);
  await expect(page.getByTestId('occupancy-entry')).toHaveAttribute('data-state', 'open');
  await board.context.close();
  await registrations.context.close();
});

test('view rights see the board without the supervisor buttons; the board opens with the current alarm level', async ({
  browser,
  request,
}) => {
  const token = await apiToken(request);
  const { event, codes } = await eventAtTheDoor(request, token, `Foro Vecinal ${Date.now()}`);
  for (const code of codes.slice(0, 4)) await scan(request, token, event.id, code, 'Puerta principal');
  const { email, password } = await createStaffUser(request, token, 'Consulta de Eventos', { eventos_externos: ['view'] });
  const viewer = await newSignedInPage(browser, await apiToken(request, email, password));
  const page = viewer.page;
  await page.goto(`/eventos-externos/${event.id}/aforo`);
  await expect(page.getByTestId('occupancy-inside')).toHaveText('4');
  await expect(page.getByTestId('door-alarm')).toHaveAttribute('data-level', '80');
  await expect(page.getByTestId('occupancy-conflicts')).toBeVisible();
  await expect(page.getByTestId('occupancy-supervisor')).toHaveCount(0);
  await expect(page.getByTestId('occupancy-override')).toHaveCount(0);
  await expect(page.getByTestId('occupancy-empty')).toHaveCount(0);
  // Still live for a viewer.
  await scan(request, token, event.id, codes[0], 'Puerta principal', 'out');
  await expect(page.getByTestId('occupancy-inside')).toHaveText('3');
  await viewer.context.close();
});

test('an internal event in a space: the board counts per section, live; the edit page keeps the venue limit', async ({
  browser,
  request,
}) => {
  const token = await apiToken(request);
  const { evento, asistentes } = await eventInSpaceViaApi(request, token, {
    espacio: `Auditorio Municipal ${Date.now()}`,
    secciones: [
      { nombre: 'Preferente', codigo: 'P', filas: 1, asientos_por_fila: 4, color: '#1d4f91' },
      { nombre: 'General', codigo: 'G', filas: 2, asientos_por_fila: 5, color: '#177245' },
    ],
    evento: { titulo: 'Informe Anual de Actividades', aforo_maximo: 10 },
    people: [
      { nombre: 'ROBERTO', apellido_paterno: 'TREVIÑO', apellido_materno: 'SALINAS', telefono_celular: '8123456701' },
      { nombre: 'CARMEN', apellido_paterno: 'VILLARREAL', apellido_materno: 'DÁVILA', telefono_celular: '8123456702' },
    ],
  });
  const { context, page } = await newSignedInPage(browser, token);
  await page.goto(`/eventos-internos/${evento.id}/aforo`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Informe Anual de Actividades');
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
  const res = await request.post(`/api/eventos-internos/${evento.id}/check-in`, {
    headers: bearer(token),
    data: { code: asistentes[0].pivot.confirmation_code, gate: 'Acceso principal' },
  });
  expect(res.status(), await res.text()).toBe(200);
  await expect(page.getByTestId('occupancy-inside')).toHaveText('1');
  await expect(page.getByTestId('occupancy-section')).toHaveCount(2);
  await expect(page.getByTestId('occupancy-sections')).toContainText('Preferente');
  for (const width of [1280, 360] as const) {
    await page.setViewportSize(viewportFor(width));
    await expectScreenOk(page, `tablero de aforo interno a ${width} px`);
    await shot(page, `board-internal-${width}`);
  }

  // The edit page: 'Aforo máximo del recinto' shows the stored limit and saves a new one.
  await page.setViewportSize(viewportFor(1280));
  await page.goto(`/eventos-internos/${evento.id}/edit`);
  const field = page.getByLabel('Aforo máximo del recinto (opcional)');
  await expect(field).toHaveValue('10');
  await field.fill('250');
  await page.getByTestId('ie-edit-save').click();
  await expect
    .poll(async () => {
      const r = await request.get(`/api/eventos-internos/${evento.id}`, { headers: bearer(token) });
      return ((await r.json()) as { evento: { aforo_maximo: number | null } }).evento.aforo_maximo;
    })
    .toBe(250);
  await context.close();
});
