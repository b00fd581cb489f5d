import { expect, test } from './fixtures';
import { openSignedIn } from '../setup/browser';

test('a super admin opens the queue dashboard from Gestionar Usuarios; without the cookie it is refused', async ({ page, context }) => {
  // Without the cookie (and no bearer header, as any browser page) the dashboard answers the normal 401 JSON.
  const refused = await page.request.get('/api/admin/queues');
  expect(refused.status()).toBe(401);
  expect((await refused.json()).message).toBe('No autenticado. Inicia sesión para continuar.');

  await openSignedIn(page, '/users');
  const [dashboard] = await Promise.all([context.waitForEvent('page'), page.getByTestId('open-queue-dashboard').click()]);
  await dashboard.waitForURL(/\/api\/admin\/queues$/);
  await expect(dashboard.getByText('Aforo · Colas').first()).toBeVisible();
  await expect(dashboard.getByText('audit').first()).toBeVisible();
  await expect(dashboard.getByText('imports').first()).toBeVisible();
  if (process.env.AFORO_SHOTS === '1') {
    await dashboard.setViewportSize({ width: 1280, height: 800 });
    await dashboard.screenshot({ path: `${process.env.AFORO_SHOTS_DIR ?? '/tmp/shots'}/queue-dashboard-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: `${process.env.AFORO_SHOTS_DIR ?? '/tmp/shots'}/users-queue-button-360.png` });
  }
});
