import { join } from 'node:path';
import { type Page } from '@playwright/test';
import { test as base, expect } from './fixtures';
import { expectScreenOk, viewportFor } from '../setup/browser';
import { ownServer } from './own-server';
import { SHOT_VIEWPORTS } from './screenshots';

/**
 * No fixed first password, in the browser: a server started without ADMIN_PASSWORD prints a
 * generated one once; signing in with it shows only 'Cambia tu contraseña', whatever the address, until a new one
 * is chosen; then the panel opens. The screen passes axe at 1280 and 360 px. Its own server (own-server.ts, its own
 * database): the worker's server's admin has a password of its own.
 */

const shown = /con admin@aforo\.local y la contraseña inicial: (\S+)/;

const test = base.extend<object, { firstServer: { url: string; password: string } }>({
  // Printed once the server is ready, right after it first answers.
  firstServer: ownServer(
    async (server) => {
      const deadline = Date.now() + 60_000;
      while (!shown.test(server.output())) {
        if (Date.now() > deadline) throw new Error(`El servidor no mostró la contraseña inicial:\n${server.output()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return { url: server.url, password: shown.exec(server.output())![1] };
    },
    { E2E_ADMIN_PASSWORD: '' },
  ),
  baseURL: async ({ firstServer }, use) => use(firstServer.url),
});

test.describe.configure({ timeout: 180_000 });

async function expectChangeScreen(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Cambia tu contraseña' })).toBeVisible();
  await expect(page.getByTestId('password-change-form')).toBeVisible();
  await expect(page.getByTestId('user-info-card')).toHaveCount(0);
}

test('the generated first password must be changed before anything else', async ({ page, firstServer }) => {
  await page.setViewportSize(viewportFor(1280));
  await page.goto('/login');
  await page.getByTestId('login-email').fill('admin@aforo.local');
  await page.getByTestId('login-password').fill(firstServer.password);
  await page.getByTestId('login-submit').click();
  await expectChangeScreen(page);
  await expect(page.getByText('Entraste como admin@aforo.local')).toBeVisible();
  await expectScreenOk(page, 'Cambia tu contraseña (1280)');

  // Any other address shows the same screen, a reload too.
  await page.goto('/users');
  await expectChangeScreen(page);
  await page.setViewportSize(viewportFor(360));
  await page.reload();
  await expectChangeScreen(page);
  await expectScreenOk(page, 'Cambia tu contraseña (360)');

  if (process.env.AFORO_SHOTS) {
    const dir = process.env.AFORO_SHOTS_DIR ?? '/tmp/shots-first-password';
    for (const [name, size] of Object.entries(SHOT_VIEWPORTS)) {
      await page.setViewportSize(size);
      await page.screenshot({ path: join(dir, `cambia-tu-contrasena-${name}.png`), fullPage: true });
    }
  }

  // The form's own checks, then the server's.
  await page.getByTestId('password-change-submit').click();
  await expect(page.locator('#password-change-current_password-error')).toHaveText('La contraseña actual es obligatoria.');
  await expect(page.locator('#password-change-current_password')).toBeFocused();
  await page.getByTestId('password-change-current_password').fill('no-es-la-inicial');
  await page.getByTestId('password-change-password').fill('nueva-clave-2026');
  await page.getByTestId('password-change-password_confirmation').fill('otra-clave-2026');
  await page.getByTestId('password-change-submit').click();
  await expect(page.locator('#password-change-password_confirmation-error')).toHaveText('Las contraseñas no coinciden.');
  await page.getByTestId('password-change-password_confirmation').fill('nueva-clave-2026');
  await page.getByTestId('password-change-submit').click();
  await expect(page.getByTestId('password-change-error')).toContainText('Los datos enviados no son válidos.');
  await expect(page.locator('#password-change-current_password-error')).toHaveText('La contraseña actual no es correcta.');
  await expectScreenOk(page, 'Cambia tu contraseña con errores (360)');

  await page.getByTestId('password-change-current_password').fill(firstServer.password);
  await page.getByTestId('password-change-submit').click();
  await expect(page.getByText('Contraseña actualizada.')).toBeVisible();
  // The screen that was asked for opens; a reload stays there.
  await expect(page.getByTestId('users-table')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByTestId('user-info-card')).toBeVisible();
  await expect(page.getByTestId('password-change-form')).toHaveCount(0);

  // The generated password no longer signs in; the new one does, straight to the panel.
  const old = await page.request.post('/api/login', { data: { email: 'admin@aforo.local', password: firstServer.password } });
  expect(old.status()).toBe(401);
  const fresh = await page.request.post('/api/login', { data: { email: 'admin@aforo.local', password: 'nueva-clave-2026' } });
  expect(((await fresh.json()) as { user: { must_change_password: boolean } }).user.must_change_password).toBe(false);
});
