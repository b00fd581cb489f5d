import { mkdirSync } from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  apiToken,
  createStaffUser,
  daysAhead,
  expectScreenOk,
  signIn,
  uniqueEmail,
  bearer,
  closeModal,
  viewportFor,
  openSignedIn,
  storeSession,
} from '../setup/browser';
import { createEventViaApi, registerViaApi } from './external-events-helpers';
import { addCatalogueViaApi, createPersonaViaApi, letterTag } from './personas-helpers';

/**
 * Every screen and every modal, at 1280 and at 360 px: axe-core finds no serious or critical violation
 * and nothing scrolls sideways. With AFORO_SHOTS=1 each one is also saved as a PNG for a human look.
 */
const shotsDir = process.env.AFORO_SHOTS_DIR ?? '/tmp/shots-a11y';
const LONG_EMAIL = 'direccion.general.de.desarrollo.economico.y.turismo@monterrey.gob.mx';

interface Seeded {
  event: { id: number; slug: string; title: string };
  personaName: string;
}

let seeded: Seeded | null = null;

async function seed(request: APIRequestContext): Promise<Seeded> {
  if (seeded) return seeded;
  const token = await apiToken(request);
  const tag = letterTag();
  const event = await createEventViaApi(request, token, {
    title: `Feria del Empleo Monterrey ${tag}`,
    description: 'Más de 80 empresas de la región ofrecerán vacantes en manufactura, tecnología, servicios y comercio.',
    event_date: daysAhead(12, 10),
    end_date: daysAhead(12, 15),
    location: 'Parque Fundidora, Nave Lewis',
    max_attendees: 300,
    requirements: ['Identificación oficial vigente', 'Currículum impreso (3 copias)'],
    agenda: ['10:00 a. m. Registro y bienvenida', '10:30 a. m. Entrevistas con empresas'],
  });
  const featured = await request.put(`/api/eventos-externos/${event.id}/toggle-featured`, {
    headers: bearer(token),
  });
  expect(featured.ok()).toBeTruthy();
  await createEventViaApi(request, token, { title: 'Taller de Finanzas Personales', event_date: daysAhead(5, 17), max_attendees: 40 });
  await registerViaApi(request, event.slug, {
    nombre: 'María Fernanda',
    apellido_paterno: 'Garza',
    apellido_materno: 'Treviño',
    email: LONG_EMAIL,
  });
  await registerViaApi(request, event.slug, {
    nombre: 'José Luis',
    apellido_paterno: 'Martínez',
    apellido_materno: 'Salinas',
    email: uniqueEmail('jose'),
  });
  const sector = await addCatalogueViaApi(request, token, 'sector', 'GOBIERNO MUNICIPAL');
  await createPersonaViaApi(request, token, {
    nombre: 'GUADALUPE ITZEL',
    apellido_paterno: 'DE LA GARZA',
    apellido_materno: `MONTEMAYOR ${tag}`,
    telefono_celular: `81${String(Date.now()).slice(-8)}`,
    correo_electronico: LONG_EMAIL,
    sector_id: sector,
    fecha_nacimiento: '1988-07-21',
  });
  await createStaffUser(
    request,
    token,
    'Dirección General de Desarrollo Económico y Turismo',
    { eventos_externos: ['view', 'create', 'edit', 'delete'], personas: ['view'], programas_servicios: ['view'] },
    { email: `desarrollo.economico.turismo.${Date.now()}@monterrey.gob.mx` },
  );
  seeded = { event, personaName: `GUADALUPE ITZEL DE LA GARZA MONTEMAYOR ${tag}` };
  return seeded;
}

async function check(page: Page, width: number, name: string, fullPage = true): Promise<void> {
  await expectScreenOk(page, name);
  if (process.env.AFORO_SHOTS) {
    mkdirSync(shotsDir, { recursive: true });
    await page.screenshot({ path: `${shotsDir}/${name}-${width}.png`, fullPage, animations: 'disabled' });
  }
}

/** Opens `path`, waits until `ready` (its main heading unless told) shows, then checks the screen as `name`. */
async function visit(
  page: Page,
  width: number,
  path: string,
  name: string,
  ready = page.getByRole('heading', { level: 1 }),
): Promise<void> {
  await page.goto(path);
  await expect(ready).toBeVisible();
  await check(page, width, name);
}

// axe-core takes seconds per page on a busy 2-core machine.
test.describe.configure({ timeout: 240_000 });

for (const width of [1280, 360] as const) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: viewportFor(width) });

    test(`public pages pass axe and do not scroll sideways at ${width} px`, async ({ page, request }) => {
      const { event } = await seed(request);
      await visit(page, width, '/eventos', 'landing', page.getByTestId('event-card').first());

      await visit(page, width, `/eventos/${event.slug}`, 'public-event', page.getByTestId('registration-form'));
      // The form's own validation errors.
      await page.getByTestId('registration-submit').click();
      await check(page, width, 'public-event-invalid');

      await visit(page, width, '/aviso-de-privacidad', 'privacy');
      await visit(page, width, '/eventos/no-existe-este-evento', 'event-not-found', page.getByTestId('event-not-found'));
      await visit(page, width, '/una-pagina-que-no-existe', 'not-found');
      await visit(page, width, '/programas/un-programa', 'program-coming-soon');

      await visit(page, width, '/login', 'login', page.getByTestId('login-form'));
      await page.getByTestId('login-email').fill('nadie@aforo.local');
      await page.getByTestId('login-password').fill('incorrecta');
      await page.getByTestId('login-submit').click();
      await expect(page.getByTestId('login-error')).toBeVisible();
      await check(page, width, 'login-error');
    });

    test(`dashboard, menus and users pass axe and do not scroll sideways at ${width} px`, async ({ page, request }) => {
      await seed(request);
      await signIn(page);
      await expect(page.getByTestId('activity-item').first()).toBeVisible();
      await check(page, width, 'dashboard');
      if (width === 360) {
        await page.getByTestId('mobile-menu-toggle').click();
        await expect(page.getByTestId('mobile-menu')).toBeVisible();
        await check(page, width, 'mobile-menu', false);
        await page.getByTestId('mobile-menu-toggle').click();
      } else {
        // A super admin has every area: all the links fit in the bar (none hidden behind a scroll).
        const nav = page.getByRole('navigation', { name: 'Navegación principal' });
        await expect(nav.getByRole('link')).toHaveCount(9);
        expect(await nav.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
        await page.getByTestId('user-menu-trigger').click();
        await check(page, width, 'user-menu', false);
        await page.keyboard.press('Escape');
      }

      await visit(page, width, '/users', 'users', page.getByTestId('users-table'));
      await page.locator(`[data-testid="user-row"]`).first().getByTestId('edit-user').click();
      await expect(page.getByRole('dialog', { name: 'Editar Usuario' })).toBeVisible();
      await check(page, width, 'users-edit-modal', false);
      await closeModal(page);

      for (const path of ['/eventos-internos', '/programas-servicios', '/espacios']) {
        await visit(page, width, path, `coming-soon${path.replace('/', '-')}`);
      }
    });

    test(`external events, their board and their modals pass axe and do not scroll sideways at ${width} px`, async ({ page, request }) => {
      const { event } = await seed(request);
      await storeSession(page);
      await visit(page, width, '/eventos-externos', 'external-events', page.getByTestId('external-event-row').first());
      await page.getByTestId('create-event').click();
      await expect(page.getByRole('dialog', { name: 'Crear Evento Externo' })).toBeVisible();
      await check(page, width, 'event-create-modal', false);
      await page.getByTestId('event-create-submit').click();
      await expect(page.getByTestId('event-create-title-error')).toBeVisible();
      await check(page, width, 'event-create-errors', false);
      await closeModal(page);
      await page.getByTestId('external-event-row').filter({ hasText: event.title }).getByTestId('edit-event').click();
      await expect(page.getByRole('dialog', { name: 'Editar Evento Externo' })).toBeVisible();
      await check(page, width, 'event-edit-modal', false);
      await closeModal(page);

      await page.goto(`/eventos-externos/${event.id}/registros`);
      await expect(page.getByTestId('registration-row')).toHaveCount(2);
      await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
      await check(page, width, 'registrations');
      // Times are written with no-break spaces, so '10:00 a. m.' never wraps inside (the board's cards are narrow).
      expect(await page.getByTestId('registration-row').first().innerText()).toMatch(/\d{1,2}:\d{2}\u00a0[ap]\.\u00a0m\./);
      if (width === 360) {
        const pill = page.getByTestId('live-indicator');
        const box = await pill.boundingBox();
        // The 'En vivo' pill stays on one line.
        expect(box?.height ?? 0).toBeLessThan(32);
      }
      await page.getByTestId('registration-row').first().getByTestId('registration-details').click();
      await expect(page.getByTestId('registration-details-modal')).toBeVisible();
      await check(page, width, 'registration-details-modal', false);
      await closeModal(page);
    });

    test(`the people database and its modals pass axe and do not scroll sideways at ${width} px`, async ({ page, request }) => {
      const { personaName } = await seed(request);
      await openSignedIn(page, '/personas');
      const row = page.locator(`[data-testid="persona-row"][data-name="${personaName}"]`);
      await expect(row).toBeVisible();
      await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
      await check(page, width, 'personas');
      await row.getByTestId('view-persona').click();
      await expect(page.getByRole('dialog', { name: 'Información de Persona' })).toBeVisible();
      await check(page, width, 'persona-view-modal', false);
      await closeModal(page);
      await row.getByTestId('edit-persona').click();
      await expect(page.getByRole('dialog', { name: 'Editar Persona' })).toBeVisible();
      await check(page, width, 'persona-edit-modal', false);
      await closeModal(page);
      await page.getByTestId('create-persona').click();
      const create = page.getByRole('dialog', { name: 'Nueva Persona' });
      await expect(create).toBeVisible();
      await check(page, width, 'persona-create-modal', false);
      await create.getByTestId('add-sector').click();
      await expect(page.getByRole('dialog', { name: 'Agregar Sector' })).toBeVisible();
      await check(page, width, 'catalogue-modal', false);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Agregar Sector' })).toHaveCount(0);
      await closeModal(page);
      await page.getByTestId('open-import').click();
      await expect(page.getByRole('dialog', { name: 'Importar CSV' })).toBeVisible();
      await check(page, width, 'import-modal', false);
      await closeModal(page);
    });
  });
}
