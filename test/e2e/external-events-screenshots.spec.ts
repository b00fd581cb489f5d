import { mkdirSync } from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, daysAhead, newSignedInPage, bearer } from '../setup/browser';
import { createEventViaApi, posterSvg, registerViaApi, updateEventViaApi, uploadImageViaApi } from './external-events-helpers';
import { SHOT_VIEWPORTS, screenshotsDir } from './screenshots';

// Visual review only: AFORO_SHOTS=1 npx playwright test external-events-screenshots
const dir = screenshotsDir('external-events');
test.describe.configure({ mode: 'serial' });

type Shot = (page: Page, name: string, fullPage?: boolean) => Promise<void>;

function shooter(kind: keyof typeof SHOT_VIEWPORTS): Shot {
  return async (page, name, fullPage = true) => {
    await page.screenshot({ path: `${dir}/${name}-${kind}.png`, fullPage, animations: 'disabled' });
  };
}

const people = [
  ['María Fernanda', 'Garza', 'Treviño'],
  ['José Luis', 'Martínez', 'Salinas'],
  ['Ana Sofía', 'Rodríguez', 'Cantú'],
  ['Carlos', 'Hernández', 'Villarreal'],
  ['Daniela', 'González', 'Leal'],
] as const;

/** An event past publishing: created published (at the default place), then edited into its status at its place. */
async function endedEvent(
  request: APIRequestContext,
  token: string,
  { location, ...fields }: { title: string; description: string; event_date: string; location: string },
  status: 'cancelled' | 'completed',
) {
  const event = await createEventViaApi(request, token, fields);
  await updateEventViaApi(request, token, event.id, { ...fields, title: event.title, end_date: null, location, max_attendees: 50, status });
  return event;
}

async function seed(request: APIRequestContext, token: string) {
  const featured = await createEventViaApi(request, token, {
    title: 'Feria del Empleo Monterrey 2026',
    description:
      'Más de 80 empresas de la región ofrecerán vacantes en manufactura, tecnología, servicios y comercio. Trae tu currículum impreso y prepárate para entrevistas en el momento.',
    event_date: daysAhead(12, 9),
    end_date: daysAhead(12, 15),
    location: 'Parque Fundidora, Nave Lewis',
    max_attendees: 300,
    requirements: ['Identificación oficial vigente', 'Currículum impreso (3 copias)', 'Registro previo en esta página'],
    agenda: ['9:00 a. m. Registro y bienvenida', '10:00 a. m. Inauguración', '10:30 a. m. Entrevistas con empresas', '2:30 p. m. Cierre'],
  });
  await uploadImageViaApi(request, token, featured.id, {
    name: 'feria.svg',
    mimeType: 'image/svg+xml',
    buffer: posterSvg('Feria del Empleo', '#6b1d2f', '#b38e5d'),
  });
  const res = await request.put(`/api/eventos-externos/${featured.id}/toggle-featured`, { headers: bearer(token) });
  expect(res.ok()).toBeTruthy();

  const taller = await createEventViaApi(request, token, {
    title: 'Taller de Emprendimiento Digital',
    description: 'Aprende a vender en línea, usar redes sociales para tu negocio y formalizarlo ante el SAT.',
    event_date: daysAhead(18, 17),
    end_date: daysAhead(18, 20),
    location: 'Centro de Emprendimiento, Col. Centro',
    max_attendees: 5,
  });
  await uploadImageViaApi(request, token, taller.id, {
    name: 'taller.svg',
    mimeType: 'image/svg+xml',
    buffer: posterSvg('Emprendimiento', '#1d4f91', '#2f9d8f'),
  });
  for (const [i, [nombre, paterno, materno]] of people.slice(0, 4).entries()) {
    await registerViaApi(request, taller.slug, {
      nombre,
      apellido_paterno: paterno,
      apellido_materno: materno,
      email: `persona${i}.${Date.now()}@correo.mx`,
    });
  }

  const lleno = await createEventViaApi(request, token, {
    title: 'Concierto de la Orquesta Juvenil',
    description: 'Una tarde de música clásica y popular mexicana interpretada por jóvenes talentos del municipio.',
    event_date: daysAhead(25, 19),
    end_date: daysAhead(25, 21),
    location: 'Teatro Municipal',
    max_attendees: 1,
  });
  await registerViaApi(request, lleno.slug, {
    nombre: 'Laura',
    apellido_paterno: 'Cavazos',
    apellido_materno: 'Flores',
    email: `laura.${Date.now()}@correo.mx`,
  });

  const salud = await createEventViaApi(request, token, {
    title: 'Jornada de Salud Comunitaria',
    description: 'Consultas médicas generales, vacunación, toma de presión y orientación nutricional sin costo.',
    event_date: daysAhead(30, 8),
    end_date: null,
    location: 'Plaza Zaragoza',
    max_attendees: 200,
  });

  const draft = await createEventViaApi(request, token, {
    title: 'Festival de Cine al Aire Libre',
    description: 'Proyecciones nocturnas de cine mexicano en la Macroplaza.',
    event_date: daysAhead(40, 20),
    status: 'draft',
  });
  const cancelled = await endedEvent(
    request,
    token,
    {
      title: 'Carrera Nocturna 5K',
      description: 'Carrera recreativa por el Paseo Santa Lucía.',
      event_date: daysAhead(8, 20),
      location: 'Paseo Santa Lucía',
    },
    'cancelled',
  );
  const completed = await endedEvent(
    request,
    token,
    {
      title: 'Foro de Seguridad Vecinal',
      description: 'Diálogo entre vecinos y autoridades sobre prevención.',
      event_date: daysAhead(3, 18),
      location: 'Auditorio Municipal',
    },
    'completed',
  );
  return { featured, taller, lleno, salud, draft, cancelled, completed };
}

let data: Awaited<ReturnType<typeof seed>>;

test('empty states (before any event exists)', async ({ browser, request }) => {
  mkdirSync(dir, { recursive: true });
  const token = await apiToken(request);
  for (const kind of ['desktop', 'mobile'] as const) {
    const shot = shooter(kind);
    const { context, page } = await newSignedInPage(browser, token);
    await page.setViewportSize(SHOT_VIEWPORTS[kind]);
    await page.goto('/eventos-externos');
    await expect(page.getByTestId('external-events-empty')).toBeVisible();
    await shot(page, 'admin-empty');
    await context.close();
    const guest = await browser.newPage({ viewport: SHOT_VIEWPORTS[kind] });
    await guest.goto('/eventos');
    await expect(guest.getByTestId('events-empty')).toBeVisible();
    await shot(guest, 'landing-empty');
    // Skeleton: hold the list answer back.
    await guest.route('**/api/public/eventos', () => undefined);
    await guest.goto('/eventos');
    await expect(guest.getByTestId('event-card-skeleton')).toHaveCount(6);
    await shot(guest, 'landing-skeleton');
    await guest.close();
  }
  data = await seed(request, token);
});

for (const kind of ['desktop', 'mobile'] as const) {
  test(`public pages (${kind})`, async ({ browser }) => {
    const shot = shooter(kind);
    const page = await browser.newPage({ viewport: SHOT_VIEWPORTS[kind] });
    await page.goto('/eventos');
    await expect(page.getByTestId('featured-event')).toBeVisible();
    await expect(page.getByTestId('event-card')).toHaveCount(3);
    await page.waitForLoadState('networkidle');
    await shot(page, 'landing');

    await page.goto(`/eventos/${data.featured.slug}`);
    await expect(page.getByTestId('registration-form')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await shot(page, 'event-page');

    const form = page.getByTestId('registration-form');
    await form.getByLabel('Nombre(s)').fill('rosa');
    await form.getByLabel('Teléfono').fill('8112');
    await page.getByTestId('registration-submit').click();
    await expect(page.getByTestId('reg-phone-error')).toBeVisible();
    await form.scrollIntoViewIfNeeded();
    await shot(page, 'event-form-errors');

    await page.goto(`/eventos/${data.lleno.slug}`);
    await expect(page.getByTestId('event-full')).toBeVisible();
    await shot(page, 'event-full');

    await page.goto(`/eventos/${data.cancelled.slug}`);
    await expect(page.getByTestId('cancelled-banner')).toBeVisible();
    await shot(page, 'event-cancelled');

    await page.goto(`/eventos/${data.completed.slug}`);
    await expect(page.getByTestId('completed-banner')).toBeVisible();
    await shot(page, 'event-completed');

    await page.goto('/eventos/no-existe');
    await expect(page.getByTestId('event-not-found')).toBeVisible();
    await shot(page, 'event-not-found');

    await page.goto('/aviso-de-privacidad');
    await expect(page.getByTestId('privacy-notice').locator('h1')).toBeVisible();
    await shot(page, 'privacy');
    await page.close();
  });

  test(`staff screens (${kind})`, async ({ browser, request }) => {
    const shot = shooter(kind);
    const token = await apiToken(request);
    const { context, page } = await newSignedInPage(browser, token);
    await page.setViewportSize(SHOT_VIEWPORTS[kind]);

    await page.goto(`/eventos/${data.draft.slug}`);
    await expect(page.getByTestId('preview-banner')).toBeVisible();
    await shot(page, 'event-preview');

    await page.goto('/eventos-externos');
    await expect(page.getByTestId('external-event-row')).toHaveCount(7);
    await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
    await page.waitForLoadState('networkidle');
    await shot(page, 'admin-table');

    await page.getByTestId('create-event').click();
    await expect(page.getByRole('dialog', { name: 'Crear Evento Externo' })).toBeVisible();
    await shot(page, 'admin-create-modal', false);
    await page.getByTestId('event-create-submit').click();
    await shot(page, 'admin-create-errors', false);
    await page.keyboard.press('Escape');

    await page.getByTestId('external-event-row').filter({ hasText: data.featured.title }).getByTestId('edit-event').click();
    await expect(page.getByRole('dialog', { name: 'Editar Evento Externo' })).toBeVisible();
    await shot(page, 'admin-edit-modal', false);
    await page.getByTestId('event-image-field').scrollIntoViewIfNeeded();
    await shot(page, 'admin-edit-modal-image', false);
    await page.keyboard.press('Escape');

    await page.goto(`/eventos-externos/${data.taller.id}/registros`);
    await expect(page.getByTestId('registration-row')).toHaveCount(4);
    await page.getByTestId('registration-row').nth(1).getByTestId('confirm-registration').click();
    await expect(page.getByTestId('stat-attended')).toContainText('1');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'board');
    await page.getByTestId('registration-row').first().getByTestId('registration-details').click();
    await expect(page.getByTestId('registration-details-modal')).toBeVisible();
    await shot(page, 'board-details', false);
    await page.keyboard.press('Escape');
    await page.getByTestId('registration-row').nth(1).getByTestId('unconfirm-registration').click();
    await expect(page.getByTestId('stat-attended')).toContainText('0');
    await context.close();
  });
}
