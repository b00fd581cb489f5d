import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

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

/**
 * Runs axe-core (WCAG 2.0–2.2 A and AA rules) on the page as it is now, modals included, and fails on any
 * serious or critical violation, listing rule, impact and the offending elements. Call it on every screen
 * and every modal a test opens, at 1280 and at 360 px.
 */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join('\n')}`,
  );
  expect(report, `axe at ${page.viewportSize()?.width ?? '?'} px on ${label}`).toEqual([]);
}

/** Nothing scrolls sideways: the document is no wider than the viewport. */
export async function expectNoSideScroll(page: Page, label = page.url()): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `sideways scroll at ${clientWidth} px on ${label}`).toBeLessThanOrEqual(clientWidth);
}

/** Both checks above, as every screen of the browser tests should pass them. */
export async function expectScreenOk(page: Page, label = page.url()): Promise<void> {
  await expectAccessible(page, label);
  await expectNoSideScroll(page, label);
}
