import { mkdirSync } from 'node:fs';
import { test as base, expect } from './fixtures';
import { expectScreenOk, signIn, viewportFor, openSignedIn } from '../setup/browser';
import { adminAndPublishedEvent, ownServer, postJson, type OwnServer } from './own-server';
import { fillRegistration } from './external-events-helpers';

/**
 * Privacy in the browser: the public registration form sends the notice version it shows; staff read
 * 'Conservación de datos' (the dry run: per area what is past its period) and run it; 'Aviso de privacidad' lists
 * the versions. An event is made 13 months old in SQL, so this spec gets a server of its own (own-server.ts: its
 * database known), as correos.spec.ts does. Screenshots at 1280 and 360 px with AFORO_SHOTS=1 (in
 * AFORO_SHOTS_DIR or /tmp/shots-retention).
 */

const shots = process.env.AFORO_SHOTS ? (process.env.AFORO_SHOTS_DIR ?? '/tmp/shots-retention') : null;

const state = { eventId: 0, slug: '', token: '' };

const test = base.extend<object, { retentionServer: OwnServer }>({
  retentionServer: ownServer(async (server) => {
    const { token, event } = await adminAndPublishedEvent(server.url, 'Feria del Empleo 2025');
    Object.assign(state, { token, eventId: event.id, slug: event.slug });
    return server;
  }),
  baseURL: async ({ retentionServer }, use) => use(retentionServer.url),
});

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test('the public registration form sends the notice version it shows', async ({ page, retentionServer }) => {
  await page.goto(`/eventos/${state.slug}`);
  const form = page.getByTestId('registration-form');
  await expect(form.getByText('aviso de privacidad (versión 1)', { exact: false })).toBeVisible();
  const rosa = { nombre: 'rosa maría', paterno: 'villarreal', materno: 'cantú', email: 'rosa.villarreal@correo.mx' };
  await fillRegistration(page, { ...rosa, birth: '1991-03-08', phone: '8112345678', tipo: 'Emprendedor' }, form);
  const sent = page.waitForRequest((r) => r.url().endsWith(`/api/eventos/${state.slug}/register`) && r.method() === 'POST');
  await page.getByTestId('registration-submit').click();
  expect((await sent).postDataJSON()).toMatchObject({ email: 'ROSA.VILLARREAL@CORREO.MX', aviso_version: 1 });
  await expect(page.getByText('¡Registro Exitoso!')).toBeVisible();
  const { rows } = await retentionServer.db.query(
    `SELECT aviso_version FROM external_registrations WHERE email = 'ROSA.VILLARREAL@CORREO.MX'`,
  );
  expect(rows).toEqual([{ aviso_version: 1 }]);

  // Two more people, then the event is moved 13 months back: past its 12 months.
  for (const [i, email] of ['ana.cantu@correo.mx', 'luis.trevino@correo.mx'].entries()) {
    await postJson(retentionServer.url, `/api/eventos/${state.slug}/register`, {
      nombre: 'Ana',
      apellido_paterno: 'Cantú',
      apellido_materno: 'Garza',
      fecha_nacimiento: '1990-05-17',
      phone: String(8110000001 + i),
      email,
      tipo_participante: 'Empresario',
    });
  }
  await retentionServer.db.query(
    `UPDATE external_events SET event_date = now() - interval '13 months 1 day', end_date = now() - interval '13 months', status = 'completed'
      WHERE id = $1`,
    [state.eventId],
  );
});

for (const width of [1280, 360] as const) {
  test(`'Conservación de datos' shows the dry run at ${width} px`, async ({ page }) => {
    await page.setViewportSize(viewportFor(width));
    if (shots) mkdirSync(shots, { recursive: true });
    await signIn(page);
    // The area's one entry in the bar opens its section; its screens are tabs under the title.
    if (width === 1280)
      await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Privacidad' }).click();
    else await page.goto('/solicitudes-arco');
    await expect(page.getByRole('heading', { level: 1, name: 'Solicitudes ARCO' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Privacidad' }).getByRole('link', { name: 'Conservación de datos' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Conservación de datos' })).toBeVisible();
    await expect(page.getByTestId('privacy-tab-retention')).toHaveAttribute('aria-current', 'page');
    // The bar's 'Privacidad' stays marked as the current section on every one of its tabs.
    if (width === 1280)
      await expect(page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Privacidad' })).toHaveClass(
        /topnav__link--active/,
      );
    const item = page.locator('[data-testid="retention-item"][data-clave="registros_eventos"]');
    await expect(item.getByTestId('retention-pending')).toHaveText('3');
    await expect(item).toContainText('12 meses después de que termina el evento');
    await expect(page.getByTestId('retention-item')).toHaveCount(7);
    await expect(page.getByTestId('retention-total')).toHaveText('3 por cambiar');
    await expectScreenOk(page, `/privacidad/conservacion at ${width}`);
    if (shots) await page.screenshot({ path: `${shots}/conservacion-${width}.png`, fullPage: true });

    await page.getByTestId('privacy-tab-notice').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Aviso de privacidad' })).toBeVisible();
    await expect(page.getByTestId('notice-version')).toHaveCount(1);
    if (width === 1280)
      await expect(page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Privacidad' })).toHaveClass(
        /topnav__link--active/,
      );
    await expect(page.getByTestId('notice-version')).toContainText('Vigente');
    await expectScreenOk(page, `/privacidad/aviso at ${width}`);
    if (shots) await page.screenshot({ path: `${shots}/aviso-${width}.png`, fullPage: true });
  });
}

test('running it now anonymises the old event, the board keeps its counts', async ({ page, retentionServer }) => {
  await openSignedIn(page, '/privacidad/conservacion');
  await expect(page.locator('[data-testid="retention-item"][data-clave="registros_eventos"]').getByTestId('retention-pending')).toHaveText(
    '3',
  );
  await page.getByTestId('retention-run').click();
  const dialog = page.getByRole('dialog', { name: 'Ejecutar la conservación de datos' });
  await expect(dialog).toBeVisible();
  await expectScreenOk(page, 'retention confirm modal at 1280');
  if (shots) await page.screenshot({ path: `${shots}/conservacion-confirmar-1280.png` });
  await dialog.getByTestId('retention-confirm-run').click();
  await expect(page.getByText('Conservación de datos ejecutada: 3 registros cambiados.')).toBeVisible();
  await expect(page.getByTestId('retention-total')).toHaveText('Nada vencido');
  await expect(page.getByTestId('retention-runs')).toContainText('Manual');
  if (shots) await page.screenshot({ path: `${shots}/conservacion-ejecutada-1280.png`, fullPage: true });
  const { rows } = await retentionServer.db.query(`SELECT DISTINCT nombre, phone FROM external_registrations WHERE event_id = $1`, [
    state.eventId,
  ]);
  expect(rows).toEqual([{ nombre: 'Anonimizado', phone: '' }]);
  const counts = await retentionServer.db.query(`SELECT current_attendees FROM external_events WHERE id = $1`, [state.eventId]);
  expect(counts.rows).toEqual([{ current_attendees: 3 }]);
});
