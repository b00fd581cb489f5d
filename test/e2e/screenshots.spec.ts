import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures';
import { ADMIN, signIn, uniqueEmail } from '../setup/browser';
import { fillCreateUser, userRow } from './users-helpers';
import { SHOT_VIEWPORTS, screenshotsDir } from './screenshots';

// Visual review only: AFORO_SHOTS=1 npx playwright test screenshots
const dir = screenshotsDir('app');

test('desktop screenshots', async ({ page }) => {
  mkdirSync(dir, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.screenshot({ path: `${dir}/login-desktop.png`, animations: 'disabled' });
  await page.getByTestId('login-email').fill(ADMIN.email);
  await page.getByTestId('login-password').fill('incorrecta');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toBeVisible();
  await page.screenshot({ path: `${dir}/login-error-desktop.png`, animations: 'disabled' });

  await signIn(page);
  await expect(page.getByTestId('activity-item').first()).toBeVisible();
  await page.screenshot({ path: `${dir}/dashboard-desktop.png`, fullPage: true, animations: 'disabled' });
  await page.getByTestId('user-menu-trigger').click();
  await page.screenshot({ path: `${dir}/user-menu-desktop.png`, animations: 'disabled' });
  await page.keyboard.press('Escape');

  await page.goto('/users');
  const email = uniqueEmail('foto');
  await fillCreateUser(page, { name: 'Ana López', email, password: 'secreto-123' }, { internos: ['Ver'], externos: ['Ver', 'Editar'] });
  await page.getByTestId('create-user-submit').click();
  await expect(userRow(page, email)).toBeVisible();
  await page.screenshot({ path: `${dir}/users-desktop.png`, fullPage: true, animations: 'disabled' });
  await userRow(page, email).getByTestId('edit-user').click();
  await expect(page.getByRole('dialog', { name: 'Editar Usuario' })).toBeVisible();
  await page.screenshot({ path: `${dir}/edit-modal-desktop.png`, animations: 'disabled' });
});

test('mobile screenshots', async ({ page }) => {
  mkdirSync(dir, { recursive: true });
  await page.setViewportSize(SHOT_VIEWPORTS.mobile);
  await page.goto('/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.screenshot({ path: `${dir}/login-mobile.png`, animations: 'disabled' });
  await signIn(page);
  await page.screenshot({ path: `${dir}/dashboard-mobile.png`, fullPage: true, animations: 'disabled' });
  await page.getByTestId('mobile-menu-toggle').click();
  await expect(page.getByTestId('mobile-menu')).toBeVisible();
  await page.screenshot({ path: `${dir}/mobile-menu.png`, animations: 'disabled' });
  await page.getByTestId('mobile-menu').getByRole('link', { name: 'Gestionar Usuarios' }).click();
  await expect(page.getByTestId('mobile-menu')).toHaveCount(0);
  await expect(page.getByTestId('users-table')).toBeVisible();
  await page.screenshot({ path: `${dir}/users-mobile.png`, fullPage: true, animations: 'disabled' });
  await page.getByTestId('user-row').first().getByTestId('edit-user').click();
  await page.screenshot({ path: `${dir}/edit-modal-mobile.png`, animations: 'disabled' });
});
