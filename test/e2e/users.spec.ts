import { expect, test } from './fixtures';
import { acceptNextDialog, ADMIN, signIn, signOut, uniqueEmail, signInThroughForm } from '../setup/browser';
import { fillCreateUser, userRow } from './users-helpers';

test('sign in, create, edit and delete a user, then sign out', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toContainText('Gestionar Usuarios');
  await page.getByRole('link', { name: 'Gestionar Usuarios' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page).toHaveTitle('Gestionar Usuarios | Gobierno de Monterrey');

  // The current user's row: 'Tú' tag, Edit but no Delete.
  const selfRow = userRow(page, ADMIN.email);
  await expect(selfRow.getByTestId('self-tag')).toHaveText('Tú');
  await expect(selfRow.getByTestId('edit-user')).toBeVisible();
  await expect(selfRow.getByTestId('delete-user')).toHaveCount(0);
  await expect(page.getByTestId('create-user-form').getByLabel('Contraseña', { exact: true })).toHaveAttribute(
    'placeholder',
    'Mínimo 8 caracteres',
  );

  // Mismatched passwords: message and nothing sent.
  const email = uniqueEmail('qa');
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/users')) posted++;
  });
  await fillCreateUser(page, { name: 'Prueba QA', email, password: 'secreto-123', confirmation: 'otra-cosa-1' });
  await page.getByTestId('create-user-submit').click();
  await expect(page.getByTestId('create-user-message')).toHaveText('Las contraseñas no coinciden');
  expect(posted).toBe(0);

  // Create.
  await fillCreateUser(page, { name: 'Prueba QA', email, password: 'secreto-123' }, { internos: ['Ver', 'Crear'] });
  await page.getByTestId('create-user-submit').click();
  await expect(page.getByTestId('create-user-message')).toHaveText('Usuario creado exitosamente');
  const row = userRow(page, email);
  await expect(row).toContainText('Prueba QA');
  await expect(row.locator('td').nth(2)).toContainText('Ver');
  await expect(row.locator('td').nth(2)).toContainText('Crear');
  await expect(row.locator('td').nth(3)).toHaveText('Sin permisos');
  await expect(row.getByTestId('other-areas')).toHaveText('Sin permisos');
  await expect(row.locator('td').nth(5)).toHaveText('No');
  // The success message clears itself after 3 s.
  await expect(page.getByTestId('create-user-message')).toHaveCount(0, { timeout: 5_000 });

  // Edit.
  await row.getByTestId('edit-user').click();
  const modal = page.getByRole('dialog', { name: 'Editar Usuario' });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('Nombre', { exact: true })).toHaveValue('Prueba QA');
  await modal.getByLabel('Nombre', { exact: true }).fill('Prueba QA Editada');
  await page.getByTestId('edit-perms-eventos_externos').getByLabel('Ver', { exact: true }).check();
  // Every area of the product can be granted from the form, the people database and programs included.
  await page.getByTestId('edit-perms-personas').getByLabel('Ver', { exact: true }).check();
  await page.getByTestId('edit-perms-personas').getByLabel('Crear', { exact: true }).check();
  await page.getByTestId('edit-perms-programas_servicios').getByLabel('Ver', { exact: true }).check();
  await page.getByTestId('edit-user-submit').click();
  await expect(page.getByTestId('edit-user-message')).toHaveText('Usuario actualizado exitosamente');
  await expect(modal).toBeHidden({ timeout: 5_000 });
  await expect(row).toContainText('Prueba QA Editada');
  await expect(row.locator('td').nth(3)).toContainText('Ver');
  await expect(row.getByTestId('other-areas')).toHaveText('Personas: Ver, CrearProgramas y Servicios: Ver');
  // The form reopens with what was saved (all four areas), and internos kept its actions.
  await row.getByTestId('edit-user').click();
  await expect(page.getByTestId('edit-perms-personas').getByLabel('Crear', { exact: true })).toBeChecked();
  await expect(page.getByTestId('edit-perms-programas_servicios').getByLabel('Editar', { exact: true })).not.toBeChecked();
  await expect(page.getByTestId('edit-perms-eventos_internos').getByLabel('Crear', { exact: true })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  // Delete (browser confirmation accepted).
  const confirmText = acceptNextDialog(page);
  await row.getByTestId('delete-user').click();
  await expect(page.getByTestId('toast-success')).toHaveText(/Usuario eliminado exitosamente/);
  await expect(row).toHaveCount(0);
  expect(confirmText()).toBe('¿Estás seguro de eliminar este usuario?');

  await signOut(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('the dashboard shows user info, permissions and recent activity in Spanish', async ({ page }) => {
  // Its top entry is the sign-in this test makes.
  await signInThroughForm(page);
  await expect(page.getByTestId('user-info-card')).toContainText(ADMIN.email);
  await expect(page.getByTestId('permissions-card')).toContainText('Super Administrador');
  const activity = page.getByTestId('activity-item');
  await expect(activity.first()).toContainText('Inicio de sesión');
  await expect(activity.first()).toContainText('sistema');
  expect(await activity.count()).toBeLessThanOrEqual(5);
  await expect(page.getByTestId('access-summary').getByRole('link')).toHaveCount(4);
  await expect(page.locator('footer')).toContainText('auditoría');
});
