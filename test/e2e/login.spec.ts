import { expect, test } from './fixtures';
import { ADMIN } from '../setup/browser';

test.describe('login', () => {
  test('shows a skeleton first, then the form with labelled fields and a password toggle', async ({ page }) => {
    // The skeleton stays LOGIN_SKELETON_MS (500 ms) of the page's clock: held, and moved 50 ms at a time until the test
    // has seen it, so that on a busy machine the form cannot replace it before the first look.
    await page.clock.install();
    await page.clock.pauseAt(new Date(Date.now() + 1000));
    await page.goto('/login', { waitUntil: 'commit' });
    const skeleton = page.getByTestId('login-skeleton');
    const deadline = Date.now() + 10_000;
    while (!(await skeleton.isVisible())) {
      if (Date.now() > deadline) throw new Error('No se vio el esqueleto de /login');
      await page.clock.runFor(50);
    }
    await page.clock.resume();
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expect(page.getByLabel('Correo electrónico')).toHaveAttribute('type', 'email');
    const password = page.getByLabel('Contraseña', { exact: true });
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByTestId('toggle-password').click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(page.getByLabel('Recordarme')).toBeVisible();
    await expect(page).toHaveTitle('Iniciar Sesión | Gobierno de Monterrey');
  });

  test('a wrong password shows the server message in a banner', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('login-email').fill(ADMIN.email);
    await page.getByTestId('login-password').fill('contraseña-equivocada');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/login') && r.request().method() === 'POST'),
      page.getByTestId('login-submit').click(),
    ]);
    expect(response.status()).toBeGreaterThanOrEqual(400);
    const body = (await response.json()) as { message?: string };
    const expected =
      typeof body.message === 'string' && body.message ? body.message : 'Error al iniciar sesión. Por favor intenta de nuevo.';
    await expect(page.getByTestId('login-error')).toHaveText(expected);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-submit')).toHaveText('Iniciar Sesión');
  });
});
