import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import pg from 'pg';
import { closeModal, expectScreenOk, signIn, viewportFor } from '../setup/browser';
import { freePort } from '../setup/processes';

/**
 * Correos (issue 22 §5): every message with its status, attempts and error, filters by event and status, a
 * preview (HTML in a sandboxed frame, the text part), resend of a failed one, live as its status changes.
 *
 * Messages are queued with `queue_mail` straight into the database (public registration queues them in the
 * citizen's part of the issue), so this spec gets a server of its own (start-server.mjs on a free port, its
 * database known): the shared e2e server keeps no correos for the specs after it. Without SMTP_URL the workers
 * store each message (status stored); one is then marked refused by a server (550) to show a failed one.
 * Screenshots at 1280 and 360 px with AFORO_SHOTS=1 (in AFORO_SHOTS_DIR or /tmp/shots-correos).
 */

const root = join(__dirname, '../..');
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const shots = process.env.AFORO_SHOTS ? (process.env.AFORO_SHOTS_DIR ?? '/tmp/shots-correos') : null;

const inDays = (days: number, hourUtc: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d.toISOString();
};
const festival = { titulo: 'Festival de la Luz', inicio: inDays(10, 1), fin: inDays(10, 4), lugar: 'Parque Fundidora, Nave Lewis' };
const informe = { titulo: 'Informe Anual de Actividades', inicio: inDays(20, 17), fin: null, lugar: 'Teatro de la Ciudad' };

async function seed(db: pg.Client): Promise<void> {
  const q = (key: string, template: string, email: string, name: string | null, data: object, refType: string, refId: number) =>
    db.query(`SELECT queue_mail($1, $2, $3, $4, $5::jsonb, $6, $7)`, [key, template, email, name, JSON.stringify(data), refType, refId]);
  const registro = (id: number, nombre: string, codigo: string) => ({
    registro_id: id,
    evento_id: 1,
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
    1,
  );
  await q(
    'registro.confirmacion:2',
    'registro.confirmacion',
    'ana.cantu@correo.mx',
    'Ana Sofía Cantú',
    registro(2, 'Ana Sofía', 'M4X9T'),
    'evento-externo',
    1,
  );
  await q(
    'registro.confirmacion:3',
    'registro.confirmacion',
    'luis sin arroba',
    'Luis Treviño',
    registro(3, 'Luis', 'R2D5W'),
    'evento-externo',
    1,
  );
  await q(
    'lista-espera.oferta:4:1',
    'lista-espera.oferta',
    'jose.martinez@correo.mx',
    'José Luis Martínez',
    {
      entrada_id: 4,
      evento_id: 1,
      slug: 'festival-de-la-luz',
      nombre: 'José Luis',
      oferta_hasta: inDays(1, 18),
      evento: festival,
    },
    'evento-externo',
    1,
  );
  await q(
    'registro.confirmacion:5',
    'registro.confirmacion',
    'guadalupe.salinas@correo.mx',
    'Guadalupe Salinas',
    {
      registro_id: 5,
      evento_id: 2,
      slug: 'informe-anual',
      nombre: 'Guadalupe',
      codigo: 'H8J3K',
      evento: informe,
    },
    'evento-interno',
    2,
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
  correosServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const port = await freePort();
      const database = `aforo_e2e_${Date.now()}`;
      let log = '';
      const server = spawn(process.execPath, [join(root, 'test/e2e/start-server.mjs')], {
        cwd: root,
        env: { ...process.env, E2E_PORT: String(port), E2E_DATABASE: database },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      server.stderr.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
      const db = new pg.Client({ connectionString: Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString() });
      try {
        const deadline = Date.now() + 120_000;
        for (;;) {
          if (server.exitCode !== null) throw new Error(`El servidor terminó (${server.exitCode}):\n${log}`);
          if (
            await fetch(`http://127.0.0.1:${port}/api/health`).then(
              (r) => r.ok,
              () => false,
            )
          )
            break;
          if (Date.now() > deadline) throw new Error('El servidor no respondió');
          await new Promise((r) => setTimeout(r, 500));
        }
        await db.connect();
        await seed(db);
        await use(`http://127.0.0.1:${port}`);
      } finally {
        await db.end().catch(() => undefined);
        if (server.exitCode === null) {
          const done = new Promise((r) => server.once('exit', r));
          server.kill('SIGTERM');
          await done;
        }
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
        await admin.end();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ correosServer }, use) => use(correosServer),
});

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const rowOf = (page: Page, email: string) => page.getByTestId('correo-row').filter({ hasText: email });

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
      await expect(frame.getByRole('link', { name: 'Cancelar mi registro' })).toHaveAttribute('href', /\/registro\/cancelar\/1\.\d+\./);
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
  });
}

test('a failed message is resent and its new status arrives live', async ({ page }) => {
  await page.setViewportSize(viewportFor(1280));
  await signIn(page);
  await page.goto('/correos');
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
