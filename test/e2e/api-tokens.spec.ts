import { expect, test } from './fixtures';
import { bearer, closeModal, expectScreenOk, expectScreenOkAtBothWidths, shotsFolder, signIn, viewportFor } from '../setup/browser';

/**
 * Tokens de API (issue 33 §2) in the browser: reached from the user menu by keyboard, created with a subset of the
 * person's permissions, shown once with a copy button, working as a bearer, listed with its last use and revoked.
 * Screens at 360 and 1280 px (axe, no sideways scroll); PNGs with AFORO_SHOTS=1 (AFORO_SHOTS_DIR or /tmp/shots-api-tokens).
 */
const shots = shotsFolder('api-tokens');

test('create a token from the user menu, use it, and revoke it', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page);
  // On a phone the link is in the menu's «Tu cuenta» navigation; on a desk, in the user menu.
  await page.setViewportSize(viewportFor(360));
  await page.getByTestId('mobile-menu-toggle').click();
  await expect(page.getByRole('navigation', { name: 'Tu cuenta' }).getByRole('link', { name: 'Tokens de API' })).toBeVisible();
  await expectScreenOk(page, 'mobile menu @ 360');
  if (shots) await page.screenshot({ path: `${shots}/mobile-menu-360.png` });
  await page.getByTestId('mobile-menu-toggle').click();
  await page.setViewportSize(viewportFor(1280));
  await page.getByTestId('user-menu-trigger').click();
  await expectScreenOk(page, 'user menu @ 1280');
  if (shots) await page.screenshot({ path: `${shots}/user-menu-1280.png` });
  await page.getByRole('link', { name: 'Tokens de API' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cuenta\/tokens$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tokens de API' })).toBeVisible();
  await expectScreenOkAtBothWidths(page, 'tokens-empty', shots);

  // The form's own check: a name and at least one permission.
  await page.getByTestId('api-token-create').click();
  await expect(page.getByLabel('Nombre')).toBeFocused();
  await expect(page.getByText('Elige al menos un permiso para el token.')).toBeVisible();

  const name = `Portal de transparencia ${Date.now()}`;
  await page.getByLabel('Nombre').fill(name);
  await page.getByLabel('Vence en').selectOption('30');
  await page.getByTestId('token-perms-eventos_externos').getByLabel('Ver').check();
  await page.getByTestId('api-token-create').click();

  const panel = page.getByTestId('api-token-new');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: new RegExp(`Token «${name}» creado`) })).toBeFocused();
  const token = await page.getByTestId('api-token-secret').inputValue();
  expect(token).toMatch(/^afo_[A-Za-z0-9_-]{43}$/);
  await page.getByTestId('api-token-copy').click();
  await expect(panel.getByRole('status')).toHaveText('Token copiado al portapapeles.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await expectScreenOkAtBothWidths(page, 'tokens-created', shots);

  // The token works as a bearer, within its scope.
  expect((await request.get('/api/eventos-externos', { headers: bearer(token) })).status()).toBe(200);
  expect((await request.get('/api/personas', { headers: bearer(token) })).status()).toBe(403);

  // Once dismissed it is never shown again; the list shows its prefix and its use.
  await page.getByTestId('api-token-done').click();
  await expect(page.getByTestId('api-token-secret')).toHaveCount(0);
  await page.reload();
  const item = page.getByTestId('api-token').filter({ hasText: name });
  await expect(item).toContainText(`${token.slice(0, 8)}…`);
  await expect(item).toContainText('Eventos Externos: ver');
  await expect(item).not.toContainText('Nunca');
  await expect(page.getByText(token)).toHaveCount(0);

  // Revoke, with a confirmation (Escape cancels it first).
  await item.getByRole('button', { name: `Revocar el token ${name}` }).click();
  await expect(page.getByRole('dialog', { name: 'Revocar token' })).toBeVisible();
  await expectScreenOkAtBothWidths(page, 'tokens-revoke', shots);
  await closeModal(page);
  await item.getByRole('button', { name: `Revocar el token ${name}` }).click();
  await page.getByTestId('api-token-revoke-confirm').click();
  await expect(page.getByText('Token revocado.')).toBeVisible();
  await expect(item).toContainText('Revocado');
  expect((await request.get('/api/eventos-externos', { headers: bearer(token) })).status()).toBe(401);
  await expectScreenOkAtBothWidths(page, 'tokens-list', shots);
});
