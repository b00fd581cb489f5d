import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, signIn, uniqueEmail, bearer } from '../setup/browser';

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/login', { data: ADMIN });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

test('a signed-in user sees permission changes live and is signed out when deleted', async ({ page, request }) => {
  const token = await adminToken(request);
  const headers = bearer(token);
  const email = uniqueEmail('eva');
  const password = 'secreto-123';
  const created = await request.post('/api/users', {
    headers,
    data: {
      name: 'Eva Externa',
      email,
      password,
      password_confirmation: password,
      is_super_admin: false,
      permissions: { eventos_internos: [], eventos_externos: ['view'] },
    },
  });
  expect(created.status()).toBe(201);
  const { user } = (await created.json()) as { user: { id: number } };

  await signIn(page, email, password);
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(nav.getByRole('link')).toHaveText(['Panel Principal', 'Eventos Externos', 'Programas y Servicios', 'Correos']);
  await expect(page.getByTestId('perm-eventos_externos')).toContainText('Ver');

  // Not a super admin: /users shows a notice instead of the screen.
  await page.goto('/users');
  await expect(page.getByTestId('users-no-access')).toContainText('No tienes permisos');
  await page.goto('/dashboard');
  await expect(page.getByTestId('user-info-card')).toBeVisible();

  // The admin grants internal events: navigation and badges follow without reload.
  const updated = await request.put(`/api/users/${user.id}`, {
    headers,
    data: {
      name: 'Eva Externa',
      email,
      is_super_admin: false,
      permissions: { eventos_internos: ['view', 'create'], eventos_externos: ['view'] },
    },
  });
  expect(updated.ok()).toBeTruthy();
  await expect(nav.getByRole('link', { name: 'Eventos Internos' })).toBeVisible();
  await expect(page.getByTestId('perm-eventos_internos')).toContainText('Crear');

  // The admin deletes the account: the session ends and the browser lands on /login.
  const deleted = await request.delete(`/api/users/${user.id}`, { headers });
  expect(deleted.ok()).toBeTruthy();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
