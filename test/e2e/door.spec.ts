import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, expectScreenOk, newSignedInPage, uniqueEmail, viewportFor } from '../setup/browser';
import { chooseGate, eventWithOnePerson, occupancyOf, registrationCodes, typeCode, writeQrVideo } from './door-helpers';
import { createEventViaApi, registerViaApi, registrationRow } from './external-events-helpers';

/**
 * The door screen: offline from its downloaded list, back online with its queue, the board in
 * another browser; the camera on a fake video of a QR; axe and no sideways scroll at 360 and 1280 px.
 */
const shotsDir = process.env.AFORO_SHOTS_DIR ?? '/tmp/shots-door';

async function shot(page: Page, name: string) {
  if (!process.env.AFORO_SHOTS) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/${name}-${page.viewportSize()?.width}.png`, fullPage: true, animations: 'disabled' });
}

const PEOPLE = [
  { nombre: 'Ximena', apellido_paterno: 'Garza', apellido_materno: 'Treviño' },
  { nombre: 'Rodrigo', apellido_paterno: 'Salinas', apellido_materno: 'Cantú' },
  { nombre: 'Lucía', apellido_paterno: 'Villarreal', apellido_materno: 'Elizondo' },
  { nombre: 'Mateo', apellido_paterno: 'Leal', apellido_materno: 'Zambrano' },
];

test('offline door: three admitted from the local list, refusals, sync once back, the board in another browser shows them', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const token = await apiToken(request);
  const event = await createEventViaApi(request, token, { title: `Concierto en la Macroplaza ${Date.now()}`, aforo_maximo: 40 });
  const emails = PEOPLE.map((p) => uniqueEmail(p.nombre.toLowerCase()));
  for (const [i, p] of PEOPLE.entries()) await registerViaApi(request, event.slug, { ...p, email: emails[i] });
  const codes = await registrationCodes(request, token, event.id);
  const [a, b, c] = emails.map((e) => codes.get(e.toUpperCase())!);

  const door = await newSignedInPage(browser, token);
  const page = door.page;
  await page.goto(`/eventos-externos/${event.id}/puerta`);
  await expect(page.getByRole('heading', { name: 'Puerta' })).toBeVisible();
  await expect(page.getByText(event.title)).toBeVisible();
  await chooseGate(page, 'Puerta Norte');
  await expect(page.getByTestId('door-list')).toContainText('4 códigos');
  await expect(page.getByTestId('door-occupancy-capacity')).toHaveText('40');
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
  // The offline app: the service worker has the door's files before the network goes.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await door.context.setOffline(true);
  await expect(page.getByTestId('door-connection')).toHaveText('Sin conexión');
  for (const code of [a, b, c]) {
    await typeCode(page, code.toLowerCase());
    await expect(page.getByTestId('door-result')).toHaveAttribute('data-result', 'admitted');
    await expect(page.getByTestId('door-result')).toHaveAttribute('data-local', 'true');
    await expect(page.getByTestId('door-result-title')).toHaveText('Adelante: admitido');
  }
  await expect(page.getByTestId('door-connection')).toHaveText('Sin conexión · 3 pendientes');
  await shot(page, 'door-offline');

  // Refused twice: the same code again is «ya está dentro»; a code that is not on the list, «no registrado».
  await typeCode(page, a);
  await expect(page.getByTestId('door-result')).toHaveAttribute('data-result', 'already_inside');
  await expect(page.getByTestId('door-result-title')).toHaveText('Ya está dentro');
  await expect(page.getByRole('alert').getByTestId('door-result-title')).toHaveText('Ya está dentro');
  await typeCode(page, 'ZZZZ2222');
  await expect(page.getByTestId('door-result-title')).toHaveText('No registrado para este evento');
  await expect(page.getByTestId('door-connection')).toHaveText('Sin conexión · 3 pendientes');

  // The installed app opens with no network: the page comes from the service worker, the list from IndexedDB.
  await page.reload();
  await expect(page.getByTestId('door-page')).toBeVisible();
  await expect(page.getByTestId('door-connection')).toHaveText('Sin conexión · 3 pendientes');
  await expect(page.getByTestId('door-gate')).toHaveText('Puerta Norte');
  await typeCode(page, b);
  await expect(page.getByTestId('door-result-title')).toHaveText('Ya está dentro');

  // Back online: the queue goes in one batch, the server agrees, the counts follow.
  await door.context.setOffline(false);
  await expect(page.getByTestId('door-connection')).toHaveText('En línea');
  await expect(page.getByTestId('door-occupancy-inside')).toHaveText('3');
  await expect(page.getByTestId('door-review')).toHaveCount(0);

  const occupancy = await occupancyOf(request, token, 'externos', event.id);
  expect(occupancy.inside).toBe(3);
  expect(occupancy.gates).toEqual([{ gate: 'Puerta Norte', in: 3, out: 0 }]);

  const board = await newSignedInPage(browser, token);
  await board.page.goto(`/eventos-externos/${event.id}/registros`);
  await expect(board.page.getByTestId('board-door-link')).toHaveAttribute('href', `/eventos-externos/${event.id}/puerta`);
  for (const [i, email] of emails.entries()) {
    await expect(registrationRow(board.page, email).getByTestId('registration-status')).toHaveText(i < 3 ? 'Asistió' : 'Registrado');
  }

  // Online, the server judges: the fourth person enters with their name; the first one leaves.
  await typeCode(page, codes.get(emails[3].toUpperCase())!);
  await expect(page.getByTestId('door-result')).toHaveAttribute('data-local', 'false');
  await expect(page.getByTestId('door-result-name')).toHaveText('MATEO');
  await expect(page.getByTestId('door-occupancy-inside')).toHaveText('4');
  await expect(registrationRow(board.page, emails[3]).getByTestId('registration-status')).toHaveText('Asistió');
  await page.getByTestId('door-direction-out').check();
  await typeCode(page, a);
  await expect(page.getByTestId('door-result-title')).toHaveText('Salida registrada');
  await expect(page.getByTestId('door-result-name')).toHaveText('XIMENA');
  await expect(page.getByRole('status').getByTestId('door-result-title')).toHaveText('Salida registrada');
  await expect(page.getByTestId('door-occupancy-inside')).toHaveText('3');

  for (const width of [1280, 360] as const) {
    await page.setViewportSize(viewportFor(width));
    await expectScreenOk(page, `door ${width}`);
    await shot(page, 'door-online');
  }
  await door.context.close();
  await board.context.close();
});

test('the camera reads a QR from a fake video and the door admits its person', async ({ request, baseURL }) => {
  test.setTimeout(120_000);
  const { token, event, code } = await eventWithOnePerson(request, 'Feria de la Lectura', {
    nombre: 'Sofía',
    apellido_paterno: 'Montemayor',
    apellido_materno: 'Garza',
  });

  // The confirmation mail's QR carries the code itself.
  const video = join(test.info().outputDir, 'qr.y4m');
  mkdirSync(test.info().outputDir, { recursive: true });
  writeQrVideo(code, video);
  const options = JSON.parse(readFileSync(join(__dirname, 'chromium.json'), 'utf8')) as { executablePath: string; args: string[] };
  const camera = await chromium.launch({
    ...options,
    args: [
      ...options.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await camera.newContext({ baseURL, locale: 'es-MX', timezoneId: 'America/Monterrey', viewport: viewportFor(360) });
    await context.grantPermissions(['camera'], { origin: baseURL });
    await context.addInitScript(
      ([t, gate]) => {
        window.localStorage.setItem('token', t);
        window.localStorage.setItem('aforo.puerta.gate', gate);
      },
      [token, 'Puerta Sur'],
    );
    const page = await context.newPage();
    await page.goto(`/eventos-externos/${event.id}/puerta`);
    await expect(page.getByTestId('door-gate')).toHaveText('Puerta Sur');
    await page.getByTestId('door-camera-open').click();
    await expect(page.getByTestId('door-camera-ready')).toBeVisible();
    await expect(page.getByTestId('door-result-title')).toHaveText('Adelante: admitido', { timeout: 20_000 });
    await expect(page.getByTestId('door-result-name')).toHaveText('SOFÍA');
    // Held in front of the camera, the QR is one scan, not one per frame.
    await page.waitForTimeout(1500);
    await expect(page.getByTestId('door-history-entry')).toHaveCount(1);
    await shot(page, 'door-camera');
    expect((await occupancyOf(request, token, 'externos', event.id)).gates).toEqual([{ gate: 'Puerta Sur', in: 1, out: 0 }]);
  } finally {
    await camera.close();
  }
});

test('the same code let in offline at two gates: one admission, and the second device shows the conflict', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { token, event, code } = await eventWithOnePerson(request, 'Desfile Cívico', {
    nombre: 'Andrea',
    apellido_paterno: 'Cavazos',
    apellido_materno: 'Rangel',
  });

  const devices = [];
  for (const gate of ['Puerta Norte', 'Puerta Sur']) {
    const device = await newSignedInPage(browser, token);
    await device.context.addInitScript((g) => window.localStorage.setItem('aforo.puerta.gate', g), gate);
    await device.page.goto(`/eventos-externos/${event.id}/puerta`);
    await expect(device.page.getByTestId('door-list')).toContainText('1 código');
    await device.context.setOffline(true);
    await typeCode(device.page, code);
    await expect(device.page.getByTestId('door-result-title')).toHaveText('Adelante: admitido');
    devices.push(device);
  }
  const [north, south] = devices;
  await north.context.setOffline(false);
  await expect(north.page.getByTestId('door-connection')).toHaveText('En línea');
  await expect(north.page.getByTestId('door-occupancy-inside')).toHaveText('1');
  await expect(north.page.getByTestId('door-review')).toHaveCount(0);

  await south.context.setOffline(false);
  await expect(south.page.getByTestId('door-connection')).toHaveText('En línea');
  const review = south.page.getByTestId('door-review');
  await expect(review).toBeVisible();
  await expect(review.getByTestId('door-review-item')).toHaveCount(1);
  await expect(review.getByTestId('door-review-item')).toContainText('Conflicto');
  await expect(review.getByTestId('door-review-item')).toContainText('ANDREA CAVAZOS RANGEL ya había entrado por Puerta Norte');
  await expect(south.page.getByTestId('door-occupancy-inside')).toHaveText('1');
  // Back online, the list is downloaded again (twice at once: after the sync and on the online event) without error.
  await expect(south.page.getByTestId('door-list')).toContainText('1 código');
  await expect(south.page.getByTestId('door-sync')).not.toContainText('No se pudo');
  for (const width of [360, 1280] as const) {
    await south.page.setViewportSize(viewportFor(width));
    await expectScreenOk(south.page, `door with a conflict ${width}`);
    await shot(south.page, 'door-conflict');
  }
  const occupancy = await occupancyOf(request, token, 'externos', event.id);
  expect(occupancy.inside).toBe(1);
  await north.context.close();
  await south.context.close();
});
