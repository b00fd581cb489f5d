import { type Page } from '@playwright/test';

export function userRow(page: Page, email: string) {
  return page.locator(`[data-testid="user-row"][data-email="${email}"]`);
}

/** Fills the create form of /users (permissions: area → action labels in Spanish). */
export async function fillCreateUser(
  page: Page,
  user: { name: string; email: string; password: string; confirmation?: string },
  permissions: { internos?: string[]; externos?: string[] } = {},
): Promise<void> {
  const form = page.getByTestId('create-user-form');
  await form.getByLabel('Nombre', { exact: true }).fill(user.name);
  await form.getByLabel('Correo electrónico', { exact: true }).fill(user.email);
  await form.getByLabel('Contraseña', { exact: true }).fill(user.password);
  await form.getByLabel('Confirmar contraseña', { exact: true }).fill(user.confirmation ?? user.password);
  for (const label of permissions.internos ?? []) {
    await page.getByTestId('create-perms-eventos_internos').getByLabel(label, { exact: true }).check();
  }
  for (const label of permissions.externos ?? []) {
    await page.getByTestId('create-perms-eventos_externos').getByLabel(label, { exact: true }).check();
  }
}
