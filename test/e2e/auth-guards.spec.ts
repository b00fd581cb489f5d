import { expect, test } from './fixtures';
import { openSignedIn } from '../setup/browser';

test.describe('guards and routes', () => {
  test('a guest is sent to /login from guarded routes', async ({ page }) => {
    for (const path of ['/dashboard', '/users', '/eventos-externos', '/eventos-internos/1/seating']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByTestId('login-form')).toBeVisible();
    }
  });

  test('/ goes to the public events page and unknown routes show the Spanish not-found page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/eventos$/);
    await expect(page.getByTestId('events-landing')).toBeVisible();
    await page.goto('/no-existe');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await expect(page).toHaveTitle(/\| Gobierno de /);
  });

  test('a signed-in user is sent from /login to /dashboard', async ({ page }) => {
    await openSignedIn(page, '/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle('Panel Principal | Gobierno de Monterrey');
  });
});
