import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures';
import { apiToken, newSignedInPage } from '../setup/browser';
import { GUEST_NAMES, autoSeatViaApi, reportInAuditoriumViaApi, sectionsOf, setStatusViaApi } from './internal-events-helpers';
import { SHOT_VIEWPORTS, screenshotsDir } from './screenshots';

// Visual review only: AFORO_SHOTS=1 npx playwright test seating-screenshots
const dir = screenshotsDir('seating');

test('seating screen at 1280 and 360 px', async ({ browser, request }) => {
  test.setTimeout(180_000);
  mkdirSync(dir, { recursive: true });
  const token = await apiToken(request);
  const { evento, ids } = await reportInAuditoriumViaApi(request, token, {
    general: { filas: 6, asientos_por_fila: 12 },
    people: GUEST_NAMES.slice(0, 8).map(([nombre, apellido_paterno, apellido_materno]) => ({ nombre, apellido_paterno, apellido_materno })),
  });
  const [pref, gen] = await sectionsOf(request, token, evento.id);
  for (const id of ids.slice(0, 3)) await autoSeatViaApi(request, token, evento.id, id, pref.id);
  await setStatusViaApi(request, token, evento.id, ids[1], 'confirmado');
  await setStatusViaApi(request, token, evento.id, ids[2], 'asistio');
  await autoSeatViaApi(request, token, evento.id, ids[3], gen.id);
  await setStatusViaApi(request, token, evento.id, ids[3], 'rechazado');

  for (const [kind, viewport] of Object.entries(SHOT_VIEWPORTS)) {
    const { context, page } = await newSignedInPage(browser, token);
    await page.setViewportSize(viewport);
    const shot = (name: string) => page.screenshot({ path: `${dir}/${name}-${kind}.png`, fullPage: true, animations: 'disabled' });
    await page.goto(`/eventos-internos/${evento.id}/seating`);
    await expect(page.getByTestId('seating-totals')).toContainText('4 asignados');
    await shot('seating');
    await page.getByTestId('seat-map-focus').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('seating-seat-modal')).toBeVisible();
    await shot('seat-details');
    await page.keyboard.press('Escape');
    await page.getByTestId('seating-mass-open').click();
    await page.getByTestId('seating-mass-seccion').selectOption({ index: 1 });
    await page.getByTestId('seating-mass-all').check();
    await shot('mass-modal');
    await page.keyboard.press('Escape');
    await page.emulateMedia({ media: 'print' });
    await shot('print');
    await page.emulateMedia({ media: 'screen' });
    await context.close();
  }
});
