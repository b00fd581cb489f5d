import { mkdirSync } from 'node:fs';
import { type Locator, type Page } from '@playwright/test';
import { test as base, expect } from './fixtures';
import type pg from 'pg';
import { ADMIN, closeModal, expectScreenOk, signIn, viewportFor, openSignedIn } from '../setup/browser';
import { ownServer, postJson } from './own-server';

/**
 * Correos: every message with its status, attempts and error, filters by event and status, a
 * preview (HTML in a sandboxed frame, the text part), resend of a failed one, live as its status changes.
 *
 * Messages are queued with `queue_mail` straight into the database (public registration queues them in the
 * citizen's part of the issue), so this spec gets a server of its own (own-server.ts: its
 * database known): its worker's server (fixtures.ts) keeps no correos for the specs after it. Without SMTP_URL the workers
 * store each message (status stored); one is then marked refused by a server (550) to show a failed one.
 * Screenshots at 1280 and 360 px with AFORO_SHOTS=1 (in AFORO_SHOTS_DIR or /tmp/shots-correos).
 */

const shots = process.env.AFORO_SHOTS ? (process.env.AFORO_SHOTS_DIR ?? '/tmp/shots-correos') : null;

const inDays = (days: number, hourUtc: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d.toISOString();
};
const festival = { titulo: 'Festival de la Luz', inicio: inDays(10, 1), fin: inDays(10, 4), lugar: 'Parque Fundidora, Nave Lewis' };
const informe = { titulo: 'Informe Anual de Actividades', inicio: inDays(20, 17), fin: null, lugar: 'Teatro de la Ciudad' };

const VIEWER = { email: 'consulta.correos@aforo.local', password: 'consulta-correos-2026' };

/** The records the messages are about, created through the API (their pages link to Correos). */
const records = { externo: 0, interno: 0, programa: 0 };

async function createRecords(baseUrl: string): Promise<void> {
  type Created = Record<string, { id: number }> & { token: string };
  const call = (path: string, body: object, token?: string) => postJson<Created>(baseUrl, path, body, token);
  const { token } = await call('/api/login', ADMIN);
  const externo = await call(
    '/api/eventos-externos',
    {
      title: festival.titulo,
      description: 'Luces, música y arte en el parque.',
      event_date: festival.inicio,
      end_date: festival.fin,
      location: festival.lugar,
      max_attendees: 200,
      status: 'published',
    },
    token,
  );
  const interno = await call(
    '/api/eventos-internos',
    {
      titulo: informe.titulo,
      descripcion: 'Informe del gobierno municipal.',
      fecha_evento: informe.inicio,
      ubicacion: informe.lugar,
      tipo: 'presentacion',
      estado: 'confirmado',
    },
    token,
  );
  const programa = await call(
    '/api/programas-servicios',
    {
      nombre: 'Impulso Emprendedor',
      descripcion: 'Asesoría y financiamiento para pequeños negocios del municipio.',
      tipo: 'continuo',
      ubicacion: 'Palacio Municipal, Monterrey',
      max_participantes: null,
      status: 'published',
      requisitos: ['INE vigente'],
      beneficios: ['Asesoría gratuita'],
    },
    token,
  );
  Object.assign(records, { externo: externo.event.id, interno: interno.evento.id, programa: programa.programa.id });
  // Who may only look at external events: reads their messages, with their signed links hidden.
  await call(
    '/api/users',
    {
      name: 'Carlos Garza',
      email: VIEWER.email,
      password: VIEWER.password,
      password_confirmation: VIEWER.password,
      permissions: { eventos_externos: ['view'] },
    },
    token,
  );
}

async function seed(db: pg.Client, baseUrl: string): Promise<void> {
  await createRecords(baseUrl);
  const q = (key: string, template: string, email: string, name: string | null, data: object, refType: string, refId: number) =>
    db.query(`SELECT queue_mail($1, $2, $3, $4, $5::jsonb, $6, $7)`, [key, template, email, name, JSON.stringify(data), refType, refId]);
  const registro = (id: number, nombre: string, codigo: string) => ({
    registro_id: id,
    evento_id: records.externo,
    slug: 'festival-de-la-luz',
    nombre,
    codigo,
    evento: festival,
  });
  await q(
    'registro.confirmacion:1',
    'registro.confirmacion',
    'rosa.villarreal@correo.mx',
    'Rosa María Villarreal',
    registro(1, 'Rosa María', 'K7P2Q'),
    'evento-externo',
    records.externo,
  );
  await q(
    'registro.confirmacion:2',
    'registro.confirmacion',
    'ana.cantu@correo.mx',
    'Ana Sofía Cantú',
    registro(2, 'Ana Sofía', 'M4X9T'),
    'evento-externo',
    records.externo,
  );
  await q(
    'registro.confirmacion:3',
    'registro.confirmacion',
    'luis sin arroba',
    'Luis Treviño',
    registro(3, 'Luis', 'R2D5W'),
    'evento-externo',
    records.externo,
  );
  await q(
    'lista-espera.oferta:4:1',
    'lista-espera.oferta',
    'jose.martinez@correo.mx',
    'José Luis Martínez',
    {
      entrada_id: 4,
      evento_id: records.externo,
      slug: 'festival-de-la-luz',
      nombre: 'José Luis',
      oferta_hasta: inDays(1, 18),
      evento: festival,
    },
    'evento-externo',
    records.externo,
  );
  await q(
    'registro.confirmacion:5',
    'registro.confirmacion',
    'guadalupe.salinas@correo.mx',
    'Guadalupe Salinas',
    {
      registro_id: 5,
      evento_id: records.interno,
      slug: 'informe-anual',
      nombre: 'Guadalupe',
      codigo: 'H8J3K',
      evento: informe,
    },
    'evento-interno',
    records.interno,
  );
  // The workers store them (no SMTP_URL); then one is shown as refused by a server.
  const deadline = Date.now() + 60_000;
  while ((await db.query(`SELECT 1 FROM correos WHERE status IN ('queued', 'sending')`)).rowCount) {
    if (Date.now() > deadline) throw new Error('los workers no guardaron los correos');
    await new Promise((r) => setTimeout(r, 200));
  }
  await db.query(
    `UPDATE correos SET status = 'failed', attempts = 1, last_error = 'Rechazo permanente del servidor SMTP: 550 5.1.1 Buzón inexistente', sent_at = NULL
      WHERE idempotency_key = 'registro.confirmacion:2'`,
  );
}

const test = base.extend<object, { correosServer: string }>({
  correosServer: ownServer(async (server) => {
    await seed(server.db, server.url);
    return server.url;
  }),
  baseURL: async ({ correosServer }, use) => use(correosServer),
});

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const rowOf = (page: Page, email: string) => page.getByTestId('correo-row').filter({ hasText: email });

/** Moves the focus with Tab until it reaches `target` (fails if it never does): a keyboard user's way there. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('El enlace no se alcanza con Tab');
}

for (const width of [1280, 360] as const) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: viewportFor(width) });

    test(`Correos lists, filters and previews every message at ${width} px`, async ({ page }) => {
      if (shots) mkdirSync(shots, { recursive: true });
      await signIn(page);
      if (width === 1280) await expect(page.getByRole('link', { name: 'Correos', exact: true })).toBeVisible();
      await page.goto('/correos');
      await expect(page.getByRole('heading', { level: 1, name: 'Correos' })).toBeVisible();
      await expect(page.getByTestId('correo-row')).toHaveCount(5);
      await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
      await expect(rowOf(page, 'rosa.villarreal@correo.mx').getByTestId('correo-status')).toHaveText('Guardado sin enviar');
      await expect(rowOf(page, 'luis sin arroba').getByTestId('correo-error')).toHaveText(
        'La dirección de correo no es válida; no se envió.',
      );
      await expect(rowOf(page, 'ana.cantu@correo.mx').getByTestId('correo-error')).toContainText('550 5.1.1 Buzón inexistente');
      await expectScreenOk(page, `/correos at ${width}`);
      if (shots) await page.screenshot({ path: `${shots}/correos-${width}.png`, fullPage: true });

      // Filters: by status, then by event.
      await page.getByTestId('correos-filter-status').selectOption('failed');
      await expect(page.getByTestId('correo-row')).toHaveCount(2);
      await page.getByTestId('correos-filter-status').selectOption('');
      await page.getByTestId('correos-filter-ref').selectOption({ label: 'Informe Anual de Actividades (Evento interno, 1)' });
      await expect(page.getByTestId('correo-row')).toHaveCount(1);
      await expect(page.getByTestId('correo-row')).toContainText('guadalupe.salinas@correo.mx');
      await page.getByTestId('correos-filter-ref').selectOption('');
      await expect(page.getByTestId('correo-row')).toHaveCount(5);

      // Preview: subject, the HTML as the person sees it (sandboxed frame), the text part, the attachments.
      await rowOf(page, 'rosa.villarreal@correo.mx').getByTestId('view-correo').click();
      const dialog = page.getByRole('dialog', { name: 'Vista previa del correo' });
      await expect(dialog.getByTestId('correo-preview-subject')).toHaveText('Registro confirmado: Festival de la Luz');
      await expect(dialog.getByTestId('correo-preview-html')).toHaveAttribute('sandbox', '');
      const frame = page.frameLocator('[data-testid="correo-preview-html"]');
      await expect(frame.getByRole('heading', { name: 'Tu registro está confirmado' })).toBeVisible();
      await expect(frame.getByText('K7P2Q', { exact: true })).toBeVisible();
      await expect(frame.getByRole('img', { name: 'Código QR con tu código de acceso K7P2Q' })).toBeVisible();
      await expect(frame.getByRole('link', { name: 'Cancelar mi registro' })).toHaveAttribute(
        'href',
        /\/registro\/cancelar\/[A-Za-z0-9_-]{8}\.1\.\d+\./,
      );
      await expect(dialog.getByTestId('correo-preview-text')).toContainText('Tu código de acceso (muéstralo en la entrada): K7P2Q');
      await expect(dialog.getByTestId('correo-preview-attachments')).toContainText('evento.ics');
      await expectScreenOk(page, `Correos preview at ${width}`, { exclude: ['[data-testid="correo-preview-html"]'] });
      // The message itself (what the frame shows) passes axe on a page of its own, at this width too.
      const html = (await dialog.getByTestId('correo-preview-html').getAttribute('srcdoc')) ?? '';
      const mail = await page.context().newPage();
      await mail.setViewportSize(viewportFor(width));
      await mail.setContent(html);
      await expectScreenOk(mail, `the confirmation e-mail at ${width}`);
      if (shots) await mail.screenshot({ path: `${shots}/correo-html-${width}.png`, fullPage: true });
      await mail.close();
      if (shots) await page.screenshot({ path: `${shots}/correos-preview-${width}.png`, fullPage: false });
      await closeModal(page);
    });

    test(`a view-only reader previews a message with its cancel link hidden and inert, at ${width} px`, async ({ page }) => {
      await openSignedIn(page, '/correos', VIEWER.email, VIEWER.password);
      await expect(page.getByTestId('correo-row')).toHaveCount(4); // the external event's; not the internal one
      await rowOf(page, 'rosa.villarreal@correo.mx').getByTestId('view-correo').click();
      const dialog = page.getByRole('dialog', { name: 'Vista previa del correo' });
      await expect(dialog.getByTestId('correo-preview-hidden-links')).toContainText(
        'Un enlace personal de este correo (cancelar un registro, aceptar un lugar) se muestra como «[enlace oculto]»',
      );
      const frame = page.frameLocator('[data-testid="correo-preview-html"]');
      await expect(frame.getByText('Cancelar mi registro', { exact: true })).toBeVisible();
      await expect(frame.getByRole('link', { name: 'Cancelar mi registro' })).toHaveCount(0);
      await expect(frame.getByTitle(/^Enlace oculto:/).first()).toBeVisible();
      await expect(dialog.getByTestId('correo-preview-text')).toContainText('/registro/cancelar/[enlace oculto]');
      const html = (await dialog.getByTestId('correo-preview-html').getAttribute('srcdoc')) ?? '';
      expect(html).not.toMatch(/\/registro\/cancelar\/[A-Za-z0-9_-]{8}\.\d+\.\d+\.[A-Za-z0-9_-]{43}/);
      await expectScreenOk(page, `Correos preview with a hidden link at ${width}`, { exclude: ['[data-testid="correo-preview-html"]'] });
      const mail = await page.context().newPage();
      await mail.setViewportSize(viewportFor(width));
      await mail.setContent(html);
      await expectScreenOk(mail, `the confirmation e-mail with its link hidden at ${width}`);
      if (shots) await mail.screenshot({ path: `${shots}/correo-html-oculto-${width}.png`, fullPage: true });
      await mail.close();
      if (shots) await page.screenshot({ path: `${shots}/correos-preview-oculto-${width}.png`, fullPage: false });
      await closeModal(page);
    });

    test(`an event's page links to its Correos, filtered in the address bar, at ${width} px`, async ({ page }) => {
      // The external event's registrations page: the link, reached with the keyboard, opens Correos filtered to it.
      await openSignedIn(page, `/eventos-externos/${records.externo}/registros`);
      const link = page.getByRole('link', { name: 'Correos del evento' });
      await expect(link).toBeVisible();
      await expectScreenOk(page, `registrations page with its Correos link at ${width}`);
      if (shots) await page.screenshot({ path: `${shots}/registros-enlace-${width}.png`, fullPage: false });
      await tabTo(page, link);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/correos\\?ref_type=evento-externo&ref_id=${records.externo}$`));
      await expect(page.getByTestId('correo-row')).toHaveCount(4); // its four messages; not the internal event's
      await expect(page.getByTestId('correo-row').filter({ hasText: 'guadalupe.salinas@correo.mx' })).toHaveCount(0);
      await expect(page.getByTestId('correos-filter-ref').locator('option:checked')).toHaveText('Festival de la Luz (Evento externo, 4)');
      await expectScreenOk(page, `Correos filtered by a link at ${width}`);
      if (shots) await page.screenshot({ path: `${shots}/correos-filtrado-${width}.png`, fullPage: true });

      // Each filter change is a history entry: back and forward walk them, the list following the address.
      await page.getByTestId('correos-filter-status').selectOption('failed');
      await expect(page).toHaveURL(new RegExp(`ref_type=evento-externo&ref_id=${records.externo}&status=failed$`));
      await expect(page.getByTestId('correo-row')).toHaveCount(2);
      await page.goBack();
      await expect(page.getByTestId('correos-filter-status')).toHaveValue('');
      await expect(page.getByTestId('correo-row')).toHaveCount(4);
      await page.goForward();
      await expect(page.getByTestId('correos-filter-status')).toHaveValue('failed');
      await expect(page.getByTestId('correo-row')).toHaveCount(2);
      await page.getByTestId('correos-filter-ref').selectOption('');
      await expect(page).toHaveURL(/\/correos\?status=failed$/);
      await page.goBack();
      await page.goBack();
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/eventos-externos/${records.externo}/registros$`));

      // The internal event's page.
      await page.goto(`/eventos-internos/${records.interno}`);
      const internal = page.getByRole('link', { name: 'Correos del evento' });
      await expectScreenOk(page, `internal event page with its Correos link at ${width}`);
      if (shots) await page.screenshot({ path: `${shots}/evento-interno-enlace-${width}.png`, fullPage: false });
      await tabTo(page, internal);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/correos\\?ref_type=evento-interno&ref_id=${records.interno}$`));
      await expect(page.getByTestId('correo-row')).toHaveCount(1);
      await expect(page.getByTestId('correo-row')).toContainText('guadalupe.salinas@correo.mx');

      // A program's registrations: no message yet; the filter still names it, and the list is empty.
      await page.goto('/programas-servicios');
      await page.getByRole('button', { name: 'Ver Registros de Impulso Emprendedor' }).click();
      const dialog = page.getByRole('dialog', { name: 'Registros - Impulso Emprendedor' });
      const programLink = dialog.getByRole('link', { name: 'Correos del programa' });
      await expectScreenOk(page, `program registrations with its Correos link at ${width}`);
      if (shots) await page.screenshot({ path: `${shots}/programa-enlace-${width}.png`, fullPage: false });
      await programLink.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/correos\\?ref_type=programa&ref_id=${records.programa}$`));
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByTestId('correos-filter-ref').locator('option:checked')).toHaveText(`Programa ${records.programa}`);
      await expect(page.getByTestId('correo-row')).toHaveCount(0);
      await expectScreenOk(page, `Correos of a program without messages at ${width}`);
    });
  });
}

test('a failed message is resent and its new status arrives live', async ({ page }) => {
  await page.setViewportSize(viewportFor(1280));
  await openSignedIn(page, '/correos');
  const row = rowOf(page, 'ana.cantu@correo.mx');
  await expect(row.getByTestId('correo-status')).toHaveText('Fallido');
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
  await row.getByRole('button', { name: 'Reenviar el correo a ana.cantu@correo.mx' }).click();
  await expect(page.getByText('El correo se puso en cola para enviarse de nuevo')).toBeVisible();
  // The workers take it again (no SMTP_URL: stored) and push the change: no reload.
  await expect(row.getByTestId('correo-status')).toHaveText('Guardado sin enviar');
  await expect(row.getByTestId('correo-attempts')).toHaveText('2 intentos');
  await expect(row.getByTestId('resend-correo')).toHaveCount(0);
});
