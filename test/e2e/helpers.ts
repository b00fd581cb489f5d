import { expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@aforo.local', password: 'aforo-admin-2026' };

/** A unique e-mail for this run (the database is fresh per run, tests still avoid collisions). */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

export async function signIn(page: Page, email = ADMIN.email, password = ADMIN.password): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-info-card')).toBeVisible();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu-trigger').click();
  await page.getByTestId('logout-button').click();
  await expect(page).toHaveURL(/\/login$/);
}

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
