import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { test as base, expect } from './fixtures';
import { expectScreenOk, signIn, closeModal, viewportFor, openSignedIn } from '../setup/browser';
import { databaseUrl, ownServer } from './own-server';

/**
 * The screens as a real municipality's would be: `npm run seed:demo`'s data (six external events, four
 * programs with registrations, hundreds of people, internal events in every state, three spaces, seats
 * given) and every main staff screen, plus the public ones, must pass axe and not scroll sideways at 1280
 * and 360 px (the project's other accessibility test holds little data, so a rule like
 * label-content-name-mismatch on the programs' participants went unseen).
 *
 * The demo data gets a server of its own (own-server.ts: its own database and Redis prefix): seeded into the
 * worker's server (fixtures.ts) it would stay there for the specs that run after this one, which count rows and totals.
 */

const root = join(__dirname, '../..');

// The demo's records (api/src/modules/*/*.seed.ts).
const DEMO = {
  externalEvent: 'feria-del-empleo-monterrey-2027',
  /** Happening today, with people inside through two gates. */
  todayEvent: 'festival-de-la-luz-en-la-macroplaza',
  program: 'impulso-a-mujeres-emprendedoras',
  confirmedInternalEvent: 'Informe Anual de Actividades',
};

/** The same database and Redis as start-server.mjs gives the server, for the seed CLI. */
function serverEnv(database: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl(database),
    REDIS_URL: process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: database,
    ADMIN_EMAIL: 'admin@aforo.local',
    ADMIN_PASSWORD: 'aforo-admin-2026',
    JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
    LOG_LEVEL: 'warn',
  };
}

const test = base.extend<object, { demoServer: string }>({
  demoServer: ownServer(async (server) => {
    // The compiled CLI of `npm run seed:demo`, on the server's database (idempotent).
    execFileSync(process.execPath, [join(root, 'dist/api/src/cli.js'), 'seed-demo'], {
      cwd: root,
      env: serverEnv(server.database),
      stdio: 'pipe',
    });
    return server.url;
  }),
  baseURL: async ({ demoServer }, use) => use(demoServer),
});

// axe-core takes seconds per page on a busy 2-core machine, and these pages are full.
test.describe.configure({ timeout: 300_000 });

for (const width of [1280, 360] as const) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: viewportFor(width) });

    test(`public pages with the demo data pass axe at ${width} px`, async ({ page }) => {
      await page.goto('/eventos');
      await expect(page.getByTestId('event-card').nth(1)).toBeVisible();
      await expectScreenOk(page, 'demo: /eventos');
      await page.goto(`/eventos/${DEMO.externalEvent}`);
      await expect(page.getByTestId('registration-form')).toBeVisible();
      await expectScreenOk(page, `demo: /eventos/${DEMO.externalEvent}`);
    });

    test(`dashboard, external events and users with the demo data pass axe at ${width} px`, async ({ page }) => {
      await signIn(page);
      await expect(page.getByTestId('activity-item').first()).toBeVisible();
      await expectScreenOk(page, 'demo: dashboard');

      await page.goto('/eventos-externos');
      const row = page.locator(`[data-testid="external-event-row"][data-slug="${DEMO.externalEvent}"]`);
      await expect(row).toBeVisible();
      expect(await page.getByTestId('external-event-row').count()).toBeGreaterThanOrEqual(6);
      await expectScreenOk(page, 'demo: /eventos-externos');
      const eventId = await row.getAttribute('data-event-id');
      await page.goto(`/eventos-externos/${eventId}/registros`);
      await expect(page.getByTestId('registration-row').first()).toBeVisible();
      await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
      await expectScreenOk(page, 'demo: registrations board');

      await page.goto('/users');
      await expect(page.getByTestId('users-table')).toBeVisible();
      expect(await page.getByTestId('user-row').count()).toBeGreaterThan(1);
      await expectScreenOk(page, 'demo: /users');
    });

    test(`today's event at the door and the Correos screen with the demo data pass axe at ${width} px`, async ({ page }) => {
      await openSignedIn(page, '/eventos-externos');
      const row = page.locator(`[data-testid="external-event-row"][data-slug="${DEMO.todayEvent}"]`);
      await expect(row).toBeVisible();
      const eventId = await row.getAttribute('data-event-id');
      await page.goto(`/eventos-externos/${eventId}/aforo`);
      // Something real on first start: people inside through two gates, the last hour, the first alarm level.
      await expect(page.getByTestId('occupancy-gate')).toHaveCount(2);
      await expect(page.getByTestId('door-alarm')).toHaveAttribute('data-level', '80');
      expect(Number((await page.getByTestId('occupancy-inside').textContent())?.replace(/\D/g, ''))).toBeGreaterThan(200);
      await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
      await expectScreenOk(page, 'demo: tablero de aforo de hoy');
      if (process.env.AFORO_SHOTS) {
        await page.screenshot({
          path: `${process.env.AFORO_SHOTS_DIR ?? '/tmp/shots-demo'}/demo-board-${width}.png`,
          fullPage: true,
          animations: 'disabled',
        });
      }
      // The mail the demo registrations would have produced: the Correos screen is not empty.
      await page.goto('/correos');
      await expect(page.locator('[data-testid="correo-row"][data-status="stored"]').first()).toBeVisible();
      await expectScreenOk(page, 'demo: /correos');
    });

    test(`programs, people and spaces with the demo data pass axe at ${width} px`, async ({ page }) => {
      await openSignedIn(page, '/programas-servicios');
      const row = page.locator(`[data-testid="program-row"][data-slug="${DEMO.program}"]`);
      await expect(row).toBeVisible();
      await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
      await expectScreenOk(page, 'demo: /programas-servicios');
      await row.getByTestId('view-registrations').click();
      const regs = page.getByRole('dialog', { name: /^Registros - / });
      await expect(regs.getByTestId('registration-row').first()).toBeVisible();
      await expectScreenOk(page, 'demo: program registrations modal');
      await closeModal(page);

      await page.goto('/personas');
      await expect(page.getByTestId('persona-row').nth(1)).toBeVisible();
      await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
      await expectScreenOk(page, 'demo: /personas');

      await page.goto('/espacios');
      await expect(page.getByTestId('space-row').nth(2)).toBeVisible();
      await expectScreenOk(page, 'demo: /espacios');
    });

    test(`internal events and the seating map with the demo data pass axe at ${width} px`, async ({ page }) => {
      await openSignedIn(page, '/eventos-internos');
      const card = page.getByTestId('ie-card').filter({ hasText: DEMO.confirmedInternalEvent });
      await expect(card).toBeVisible();
      await expectScreenOk(page, 'demo: /eventos-internos');
      const id = await card.getAttribute('data-id');

      await page.goto(`/eventos-internos/${id}`);
      await expect(page.getByTestId('ie-attendee').first()).toBeVisible();
      await expectScreenOk(page, 'demo: internal event detail');

      await page.goto(`/eventos-internos/${id}/seating`);
      await expect(page.getByTestId('seating-totals')).toContainText('12 asignados');
      await expectScreenOk(page, 'demo: seating map');
    });
  });
}
