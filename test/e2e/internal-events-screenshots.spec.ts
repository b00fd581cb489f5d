import { mkdirSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, newSignedInPage, bearer } from '../setup/browser';
import {
  GUEST_NAMES,
  autoSeatViaApi,
  createInternalEventViaApi,
  reportInAuditoriumViaApi,
  sectionsOf,
  setStatusViaApi,
} from './internal-events-helpers';
import { SHOT_VIEWPORTS, screenshotsDir } from './screenshots';

// Visual review only: AFORO_SHOTS=1 npx playwright test internal-events-screenshots
const dir = screenshotsDir('internal');
test.describe.configure({ mode: 'serial' });

test('internal events screens at 1280 and 360 px', async ({ browser, request }) => {
  test.setTimeout(240_000);
  mkdirSync(dir, { recursive: true });
  const token = await apiToken(request);
  const { evento, ids } = await reportInAuditoriumViaApi(request, token, {
    general: { filas: 5, asientos_por_fila: 10 },
    evento: {
      descripcion:
        'Presentación del informe anual ante el Cabildo, funcionarios y representantes de la sociedad civil. Se solicita puntualidad y vestimenta formal.',
      fecha_fin: new Date(Date.now() + 7 * 86_400_000 + 3 * 3_600_000).toISOString(),
      tipo: 'presentacion',
    },
    people: GUEST_NAMES.map(([nombre, apellido_paterno, apellido_materno], i) => ({
      nombre,
      apellido_paterno,
      apellido_materno,
      telefono_celular: `81${String(20_000_000 + i * 7919).slice(0, 8)}`,
    })),
  });
  const taller = await createInternalEventViaApi(request, token, {
    titulo: 'Taller de Protección Civil',
    tipo: 'taller',
    estado: 'borrador',
  });
  const done = await createInternalEventViaApi(request, token, { titulo: 'Reunión con Cámaras Empresariales', tipo: 'reunion' });
  const put = await request.put(`/api/eventos-internos/${done.id}`, {
    headers: bearer(token),
    data: { titulo: done.titulo, fecha_evento: new Date(Date.now() - 86_400_000).toISOString(), tipo: 'reunion', estado: 'completado' },
  });
  expect(put.status()).toBe(200);
  const [pref] = await sectionsOf(request, token, evento.id);
  for (const id of ids.slice(0, 4)) await setStatusViaApi(request, token, evento.id, id, 'confirmado');
  for (const id of ids.slice(4, 6)) {
    await autoSeatViaApi(request, token, evento.id, id, pref.id);
    await setStatusViaApi(request, token, evento.id, id, 'asistio');
  }

  for (const [kind, viewport] of Object.entries(SHOT_VIEWPORTS)) {
    const { context, page } = await newSignedInPage(browser, token);
    await page.setViewportSize(viewport);
    const shot = (name: string) => page.screenshot({ path: `${dir}/${name}-${kind}.png`, fullPage: true, animations: 'disabled' });
    await page.goto('/eventos-internos');
    await expect(page.getByTestId('ie-card').first()).toBeVisible();
    await shot('list');
    // From the list, for an event nobody is invited to yet: the modal lists every person.
    await page.getByRole('button', { name: `Asignar Personas a ${taller.titulo}` }).click();
    await expect(page.getByTestId('ie-assign-row').first()).toBeVisible();
    await shot('list-assign-modal');
    await page.keyboard.press('Escape');
    await page.goto(`/eventos-internos/${evento.id}`);
    await expect(page.getByTestId('ie-attendee').first()).toBeVisible();
    await shot('detail');
    await page.locator(`[data-testid="ie-attendee"][data-persona="${ids[0]}"]`).getByTestId('ie-attendee-status').click();
    await expect(page.getByTestId('ie-status-modal')).toBeVisible();
    await shot('status-modal');
    await page.keyboard.press('Escape');
    await page.getByTestId('ie-assign-open').click();
    await expect(page.getByTestId('ie-assign-modal')).toBeVisible();
    await shot('assign-modal');
    await page.keyboard.press('Escape');
    await page.goto(`/eventos-internos/${evento.id}/puerta`);
    await expect(page.getByTestId('door-gate-input')).toBeVisible();
    await shot('door');
    await page.goto(`/eventos-internos/${evento.id}/invitaciones`);
    await expect(page.getByTestId('ie-invite').first().locator('img')).toBeVisible();
    await shot('invitations');
    await page.goto(`/eventos-internos/${evento.id}/edit`);
    await expect(page.getByTestId('ie-edit-form')).toBeVisible();
    await shot('edit');
    await context.close();

    const guest = await browser.newContext({ viewport });
    const pub: Page = await guest.newPage();
    await pub.goto(`/evento-interno/${evento.slug}`);
    await expect(pub.getByTestId('pie-form')).toBeVisible();
    await pub.screenshot({ path: `${dir}/public-${kind}.png`, fullPage: true });
    await pub.getByTestId('pie-code').fill('ZZZZZ');
    await pub.getByTestId('pie-submit').click();
    await expect(pub.getByTestId('pie-error')).toBeVisible();
    await pub.screenshot({ path: `${dir}/public-error-${kind}.png`, fullPage: true });
    await pub.goto('/evento-interno/no-existe');
    await expect(pub.getByTestId('pie-unavailable')).toBeVisible();
    await pub.screenshot({ path: `${dir}/public-404-${kind}.png`, fullPage: true });
    await guest.close();
  }
});
