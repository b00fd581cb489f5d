import { expect, test } from './fixtures';
import { apiToken, createStaffUser, signIn, bearer } from '../setup/browser';

test('a signed-in user sees permission changes live and is signed out when deleted', async ({ page, request }) => {
  const token = await apiToken(request);
  const headers = bearer(token);
  const { id, email, password } = await createStaffUser(request, token, 'Eva Externa', {
    eventos_internos: [],
    eventos_externos: ['view'],
  });

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
  const updated = await request.put(`/api/users/${id}`, {
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
  const deleted = await request.delete(`/api/users/${id}`, { headers });
  expect(deleted.ok()).toBeTruthy();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
