import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, bearer, newSignedInPage, uniqueEmail, expectScreenOkAtBothWidths, shotsFolder, signLink } from '../setup/browser';
import { createEventViaApi, registerViaApi } from './external-events-helpers';

/**
 * Privacy in the browser: a citizen files an access request from the public footer, confirms it by the mailed
 * link (read through the Correos API as super admin: the e2e server stores mail without SMTP), the privacidad staff
 * see it arrive live in 'Solicitudes ARCO' and resolve it with one click, and the citizen downloads the export; the
 * unsubscribe page too. Every new page axe clean at 360 and 1280 px. AFORO_SHOTS=1 saves the screenshots
 * (AFORO_SHOTS_DIR or /tmp/shots-arco).
 */

const SHOTS = shotsFolder('arco');

/** The screen at 360 and 1280 px, axe clean, no sideways scroll (and its PNGs with AFORO_SHOTS=1). */
const checkScreen = (page: Page, name: string) => expectScreenOkAtBothWidths(page, name, SHOTS);

/** The text of the newest message of a template to an address, once the workers rendered it (Correos API, super admin). */
async function mailText(request: APIRequestContext, token: string, email: string, template: string): Promise<{ id: number; text: string }> {
  let found: { id: number; text: string } | null = null;
  await expect
    .poll(
      async () => {
        const list = (await (await request.get('/api/correos?page=1', { headers: bearer(token) })).json()) as {
          correos: Array<{ id: number; template: string; to_email: string; status: string }>;
        };
        const row = list.correos.find(
          (c) => c.template === template && c.to_email.toLowerCase() === email.toLowerCase() && c.status === 'stored',
        );
        if (!row) return false;
        const detail = (await (await request.get(`/api/correos/${row.id}`, { headers: bearer(token) })).json()) as {
          correo: { text: string };
        };
        found = { id: row.id, text: detail.correo.text };
        return true;
      },
      // Every 250 ms: the default steps grow to a second, up to a second past the workers' message.
      { timeout: 30_000, intervals: [100, 250] },
    )
    .toBe(true);
  return found!;
}

const pathOf = (text: string, pattern: RegExp) => {
  const m = pattern.exec(text);
  if (!m) throw new Error(`no ${pattern} in ${text}`);
  return new URL(m[0]).pathname + new URL(m[0]).search;
};

test('a citizen files an access request, confirms it by the link, staff resolve it live, the citizen downloads the export', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await apiToken(request);
  const email = uniqueEmail('arco');
  const event = await createEventViaApi(request, token, { title: `Feria de Transparencia ${Date.now()}` });
  await registerViaApi(request, event.slug, { nombre: 'LUCÍA', apellido_paterno: 'TREVIÑO', apellido_materno: 'SALINAS', email });

  const citizenContext = await browser.newContext();
  const citizen = await citizenContext.newPage();
  const staff = await newSignedInPage(browser, token);
  try {
    // From the footer of any public page.
    await citizen.goto('/eventos');
    await citizen.getByTestId('footer-arco-link').click();
    await expect(citizen).toHaveURL(/\/privacidad\/solicitud$/);
    await expect(citizen.getByRole('heading', { name: 'Tus datos personales: derechos ARCO' })).toBeVisible();
    await checkScreen(citizen, 'arco-form');
    // The form's own check: nothing chosen.
    await citizen.getByTestId('arco-submit').click();
    await expect(citizen.locator('#arco-tipo')).toBeFocused();
    await citizen.getByLabel('¿Qué quieres solicitar?').selectOption('acceso');
    await citizen.getByLabel('Nombre completo').fill('Lucía Treviño Salinas');
    await citizen.getByLabel('Correo electrónico').fill(email);
    await checkScreen(citizen, 'arco-form-filled');
    await citizen.getByTestId('arco-submit').click();
    await expect(citizen.getByTestId('arco-sent')).toContainText('Te enviamos un correo con un enlace para confirmar');
    await checkScreen(citizen, 'arco-sent');

    // Staff watch the queue while the citizen confirms: the request arrives live.
    await staff.page.goto('/solicitudes-arco');
    await expect(staff.page.getByRole('heading', { name: 'Solicitudes ARCO' })).toBeVisible();
    await expect(staff.page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
    const confirmation = await mailText(request, token, email, 'privacidad.confirmar');
    await citizen.goto(pathOf(confirmation.text, /https?:\/\/\S+\/privacidad\/confirmar\/\S+/));
    await expect(citizen.getByTestId('arco-confirm-page')).toBeVisible();
    await checkScreen(citizen, 'arco-confirm');
    await citizen.getByTestId('arco-confirm').click();
    await expect(citizen.getByTestId('arco-confirmed')).toBeVisible();
    const folio = (await citizen.getByTestId('arco-folio').textContent())!;
    await checkScreen(citizen, 'arco-confirmed');

    const row = staff.page.getByTestId('arco-row').filter({ hasText: folio });
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row.getByTestId('arco-days-left')).toContainText('días hábiles');
    await checkScreen(staff.page, 'arco-queue');
    await row.getByTestId('open-arco').click();
    const modal = staff.page.getByTestId('arco-modal');
    await expect(modal.getByTestId('arco-record').first()).toBeVisible();
    await expect(modal.locator('[data-fuente="registros_eventos"]')).toContainText(event.title);
    await checkScreen(staff.page, 'arco-resolve-modal');
    await modal.getByTestId('arco-resolve').click();
    await expect(modal).toBeHidden();
    await expect(row.getByTestId('arco-status')).toHaveText('Atendida');

    // The answer carries the download link; the citizen downloads the readable export.
    const answer = await mailText(request, token, email, 'privacidad.respuesta');
    const download = pathOf(answer.text, /https?:\/\/\S+\/api\/privacidad\/exportacion\/\S+formato=html/);
    await citizen.goto('/eventos');
    const [file] = await Promise.all([
      citizen.waitForEvent('download'),
      citizen.evaluate((href) => {
        const a = document.createElement('a');
        a.href = href;
        document.body.appendChild(a);
        a.click();
      }, download),
    ]);
    expect(file.suggestedFilename()).toMatch(/^mis-datos-arco-\d{4}-\d{6}\.html$/);
    const html = readFileSync((await file.path())!, 'utf8');
    expect(html).toContain(email.toUpperCase());
    expect(html).toContain(event.title);
    expect(html).toContain('Correos enviados');
  } finally {
    await citizenContext.close();
    await staff.context.close();
  }
});

test('the unsubscribe page: what address, one button, done; a bad link gets a clear page', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const token = await apiToken(request);
  const email = uniqueEmail('baja');
  const event = await createEventViaApi(request, token, { title: `Cabildo Abierto ${Date.now()}` });
  await registerViaApi(request, event.slug, { nombre: 'ROSA', apellido_paterno: 'CANTÚ', apellido_materno: 'LEAL', email });
  const message = await mailText(request, token, email, 'registro.confirmacion');
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(`/privacidad/baja/${signLink('unsubscribe-mail', message.id, new Date(Date.now() + 86_400_000))}`);
    await expect(page.getByTestId('unsubscribe-page')).toContainText('@');
    await checkScreen(page, 'unsubscribe');
    await page.getByTestId('unsubscribe-confirm').click();
    await expect(page.getByTestId('unsubscribe-done')).toBeVisible();
    await checkScreen(page, 'unsubscribe-done');
    await page.goto(`/privacidad/baja/1.1.${'A'.repeat(43)}`);
    await expect(page.getByTestId('link-problem')).toBeVisible();
    await checkScreen(page, 'unsubscribe-bad-link');
  } finally {
    await context.close();
  }
});
