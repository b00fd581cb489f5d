/**
 * What every browser test uses, whatever its area: the seeded admin, signing in (through the page or for a
 * token), the Authorization header, dates in the displayed zone, and the accessibility checks. Playwright
 * code (DOM callbacks), so the root typecheck leaves it out like test/e2e.
 */
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';

import { bearer } from './bearer';

export { bearer };

/** The first super admin of the browser tests' server: test/e2e/start-server.mjs sets this ADMIN_PASSWORD (there is no default). */
export const ADMIN = { email: 'admin@aforo.local', password: 'aforo-admin-2026' };

/** The browser tests' servers' JWT_SECRET (test/e2e/start-server.mjs), which also signs the citizens' links. */
export const E2E_JWT_SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e-secret';

/** A citizen link's token (cancel, accept an offer, unsubscribe…) signed as the server signs it (core/links/signed-links.ts). */
export function signLink(purpose: string, id: number, expiresAt: Date): string {
  const key = createHmac('sha256', E2E_JWT_SECRET).update('aforo:signed-links:v1').digest();
  const exp = Math.floor(expiresAt.getTime() / 1000);
  return `${id}.${exp}.${createHmac('sha256', key).update(`${purpose}:${id}:${exp}`).digest('base64url')}`;
}

/** With AFORO_SHOTS=1 the folder a spec's PNGs go to (AFORO_SHOTS_DIR, or /tmp/shots-<name>), made; else null. */
export function shotsFolder(name: string): string | null {
  if (!process.env.AFORO_SHOTS) return null;
  const dir = process.env.AFORO_SHOTS_DIR ?? `/tmp/shots-${name}`;
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A unique e-mail for this run (the database is fresh per run, tests still avoid collisions). */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/**
 * Signs in through the login form, as a person does, and lands on the dashboard. For the tests about signing in and
 * sessions (the form, the activity entry a sign-in writes, two separate sessions); the others start signed in
 * (`signIn`, `openSignedIn`).
 */
export async function signInThroughForm(page: Page, email = ADMIN.email, password = ADMIN.password): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-info-card')).toBeVisible();
}

/**
 * One session per server and account, opened through the API the first time a test of this worker asks for it and
 * kept for the next ones: the login form costs a page and a bcrypt comparison each time, and only login.spec.ts and
 * the session tests are about it. `signOut` forgets the session it ends (the server revokes it).
 */
const sessions = new Map<string, Promise<string>>();

/**
 * Puts a session of that account in the page's local storage, where the web app keeps its token
 * (web/src/lib/auth/auth-store.ts), as a browser that signed in before would have it; the page is then on a small
 * file of the server (the favicon), and the next navigation starts signed in.
 */
export async function storeSession(page: Page, email = ADMIN.email, password = ADMIN.password): Promise<void> {
  await page.goto('/favicon.svg');
  const key = `${new URL(page.url()).origin} ${email} ${password}`;
  let token = sessions.get(key);
  if (!token) {
    token = apiToken(page.request, email, password);
    sessions.set(key, token);
    token.catch(() => sessions.delete(key));
  }
  await page.evaluate((t) => window.localStorage.setItem('token', t), await token);
}

/** Opens `path` signed in as that account (a session kept per server and account, see `storeSession`). */
export async function openSignedIn(page: Page, path: string, email = ADMIN.email, password = ADMIN.password): Promise<void> {
  await storeSession(page, email, password);
  await page.goto(path);
}

/** Signed in as that account, on the dashboard (what the login form leads to) with the account's card shown. */
export async function signIn(page: Page, email = ADMIN.email, password = ADMIN.password): Promise<void> {
  await openSignedIn(page, '/dashboard', email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-info-card')).toBeVisible();
}

/**
 * Forgets the sessions opened on a server that stops (a spec's own, own-server.ts): another one may later answer on
 * the same port with a database where they do not exist.
 */
export function forgetSessions(origin: string): void {
  for (const key of sessions.keys()) if (key.startsWith(`${origin} `)) sessions.delete(key);
}

/** Signs out from the user menu; the session it ends is no longer handed to the next tests. */
export async function signOut(page: Page): Promise<void> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  for (const [key, session] of sessions) if ((await session.catch(() => null)) === token) sessions.delete(key);
  await page.getByTestId('user-menu-trigger').click();
  await page.getByTestId('logout-button').click();
  await expect(page).toHaveURL(/\/login$/);
}

export async function apiToken(request: APIRequestContext, email = ADMIN.email, password = ADMIN.password): Promise<string> {
  const res = await request.post('/api/login', { data: { email, password } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

/**
 * A staff account (not a super admin) with these permissions, made by the admin through the API (asserting the 201):
 * its id, e-mail (unique, made from the name, unless `email` is given) and password.
 */
export async function createStaffUser(
  request: APIRequestContext,
  adminToken: string,
  name: string,
  permissions: Record<string, string[]>,
  options: { email?: string; password?: string } = {},
): Promise<{ id: number; email: string; password: string }> {
  const { password = 'secreto-123' } = options;
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .toLowerCase();
  const email = options.email ?? uniqueEmail(slug);
  const res = await request.post('/api/users', {
    headers: bearer(adminToken),
    data: { name, email, password, password_confirmation: password, is_super_admin: false, permissions },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { user: { id: number } }).user.id, email, password };
}

export async function newSignedInPage(browser: Browser, token: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
  const page = await context.newPage();
  return { context, page };
}

/** Accepts the page's next alert or confirm; the function returned gives its message ('' until it has shown). */
export function acceptNextDialog(page: Page): () => string {
  let message = '';
  page.once('dialog', (dialog) => {
    message = dialog.message();
    void dialog.accept();
  });
  return () => message;
}

/** A staff page (signed in with `token`) and a citizen's page in a browser context of its own; `close` ends both. */
export async function staffAndCitizen(browser: Browser, token: string) {
  const staff = await newSignedInPage(browser, token);
  const citizenContext = await browser.newContext();
  const citizen = await citizenContext.newPage();
  const close = async () => {
    await staff.context.close();
    await citizenContext.close();
  };
  return { staff, citizenContext, citizen, close };
}

/** Opens a public page and waits until it has joined its live room (`data-live` on the element `testId`). */
export async function openLive(page: Page, path: string, testId: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId(testId)).toHaveAttribute('data-live', 'joined');
}

/** A date some days ahead, at a given local hour in America/Monterrey (UTC−6, no DST). */
export function daysAhead(days: number, hour = 18, minute = 0): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  const d = date.getUTCDate();
  return new Date(Date.UTC(y, m, d, hour + 6, minute)).toISOString();
}

/** The same instant as a datetime-local value in America/Monterrey. */
export function localInput(iso: string): string {
  const shifted = new Date(new Date(iso).getTime() - 6 * 3_600_000);
  return shifted.toISOString().slice(0, 16);
}

/**
 * axe-core's script (the version @axe-core/playwright brings), loaded only into a page that does not have it yet: each
 * check used to evaluate all of it again, twice, in a page already checked (a screen at its two widths, its modals).
 */
const AXE_ONCE_PER_PAGE = `if (!window.axe) {\n${axe.source}\n}`;

/**
 * Runs axe-core (WCAG 2.0–2.2 A and AA rules) on the page as it is now, modals included, and fails on any
 * serious or critical violation, listing rule, impact and the offending elements. Call it on every screen
 * and every modal a test opens, at 1280 and at 360 px.
 */
export async function expectAccessible(page: Page, label = page.url(), options: AxeOptions = {}): Promise<void> {
  // The page judged is the one in front, as a person sees it: Chromium gives another tab of its context (a citizen's
  // second page) about one frame a second, and each animation below would end only at its next frame.
  await page.bringToFront();
  // Contrast is judged on what stays on screen, not halfway through an entrance (a card fading in is, for
  // 0.3 s, lighter than its colours): the finite animations end first; endless ones (a spinner) are left.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Only the violations are read: axe details no passing or inapplicable node (the same rules run either way).
  // options() replaces what withTags() set, so it goes first.
  const builder = new AxeBuilder({ page, axeSource: AXE_ONCE_PER_PAGE })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  for (const selector of options.exclude ?? []) builder.exclude(selector);
  // A page without frames is judged by axe.run in the page itself (the same rules and result): the default run
  // opens a blank page and loads axe there a second time to join the frames' results, about half of each check's
  // time. A page with a frame (the mail preview) keeps that run, which reads inside same-origin frames.
  if (page.frames().length === 1) builder.setLegacyMode();
  const results = await builder.analyze();
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

/**
 * What axe leaves out: `exclude` for a frame it cannot enter — a sandboxed iframe without scripts (the mail
 * preview) never answers axe's injection; check such content on a page of its own.
 */
export interface AxeOptions {
  exclude?: string[];
}

/** Both checks above, as every screen of the browser tests should pass them. */
export async function expectScreenOk(page: Page, label = page.url(), options: AxeOptions = {}): Promise<void> {
  await expectAccessible(page, label, options);
  await expectNoSideScroll(page, label);
}

/**
 * The screen at 360 and at 1280 px: axe clean and no sideways scroll (expectScreenOk), and with a shots folder a
 * full-page PNG at each; then the page's viewport is put back.
 */
export async function expectScreenOkAtBothWidths(page: Page, name: string, shots: string | null): Promise<void> {
  const before = page.viewportSize();
  for (const width of [360, 1280] as const) {
    await page.setViewportSize(viewportFor(width));
    await expectScreenOk(page, `${name} @ ${width}`);
    if (shots) await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

/** Closes the open modal as a keyboard user would, and waits until no dialog is left. */
export async function closeModal(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** The viewports the product must fit: a 360 px phone and a 1280 px desk. */
export const viewportFor = (width: 1280 | 360) => ({ width, height: width === 360 ? 740 : 800 });

/**
 * The path of the link a message to that address carries (its text part, as the citizen gets it), read through the
 * staff 'Correos' API as a super admin — e.g. a waitlist join's confirm link or an offer's accept link.
 */
export async function linkFromMail(
  request: APIRequestContext,
  token: string,
  mail: { refType: 'evento-externo' | 'programa'; refId: number; template: string; email: string; path: string },
): Promise<string> {
  const pattern = new RegExp(`${mail.path.replace(/\//g, '\\/')}[A-Za-z0-9._-]+`);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const list = (await (
      await request.get(`/api/correos?ref_type=${mail.refType}&ref_id=${mail.refId}`, { headers: bearer(token) })
    ).json()) as { correos: Array<{ id: string; template: string; to_email: string }> };
    const found = list.correos.find((c) => c.template === mail.template && c.to_email.toLowerCase() === mail.email.toLowerCase());
    if (found) {
      const { correo } = (await (await request.get(`/api/correos/${found.id}`, { headers: bearer(token) })).json()) as {
        correo: { text: string };
      };
      const match = pattern.exec(correo.text);
      if (match) return match[0];
    }
    if (Date.now() > deadline) throw new Error(`no llegó el correo ${mail.template} a ${mail.email}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
