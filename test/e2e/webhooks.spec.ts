import { mkdirSync } from 'node:fs';
import { type WebSocketRoute } from '@playwright/test';
import { test as base, expect } from './fixtures';
import { Receiver } from '../webhooks/receiver';
import { expectScreenOk, expectScreenOkAtBothWidths, signIn, viewportFor, openSignedIn } from '../setup/browser';
import { adminAndPublishedEvent, ownServer, postJson, type OwnServer } from './own-server';

/**
 * 'Webhooks' in the browser: reached from the user menu, a receiver registered (its secret shown once), 'Probar',
 * the delivery log after a registration, a pause by someone else arriving live, and the log itself live (a delivery
 * appears without clicking; after a dropped connection it reads what it missed). The receiver is a real HTTP server
 * of this process on loopback, so the spec has a server of its own with WEBHOOK_ALLOW_PRIVATE_TARGETS. Screenshots at
 * 1280 and 360 px with AFORO_SHOTS=1 (in AFORO_SHOTS_DIR or /tmp/shots-webhooks).
 */

const shots = process.env.AFORO_SHOTS ? (process.env.AFORO_SHOTS_DIR ?? '/tmp/shots-webhooks') : null;
const state = { token: '', slug: '', receiver: null as Receiver | null };

const test = base.extend<object, { webhooksServer: OwnServer }>({
  webhooksServer: ownServer(
    async (server) => {
      const { token, event } = await adminAndPublishedEvent(server.url, 'Feria del Empleo Monterrey');
      Object.assign(state, { token, slug: event.slug });
      state.receiver = await new Receiver().start();
      return server;
    },
    { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
  ),
  baseURL: async ({ webhooksServer }, use) => use(webhooksServer.url),
});

test.describe.configure({ mode: 'serial', timeout: 180_000 });
/** The receiver is read every 250 ms: the default steps grow to a second, up to a second past a delivery. */
const POLL_INTERVALS = [100, 250];
test.afterAll(async () => state.receiver?.stop());

test('a receiver registered from the user menu, its secret shown once, probado', async ({ page }) => {
  if (shots) mkdirSync(shots, { recursive: true });
  await signIn(page);
  // In the user menu beside 'Tokens de API' (the top navigation's links already fill the bar at 1280 px).
  await expect(page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Webhooks' })).toHaveCount(0);
  // A super admin's top navigation fits the bar at 1280 px: no link hidden behind its (invisible) sideways scroll.
  await page.setViewportSize(viewportFor(1280));
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  expect(await nav.evaluate((n) => n.scrollWidth - n.clientWidth)).toBeLessThanOrEqual(0);
  await page.getByTestId('user-menu-trigger').click();
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByTestId('webhooks-empty')).toBeVisible();
  await expectScreenOkAtBothWidths(page, 'webhooks-vacio', shots);

  await page.getByTestId('webhook-create').click();
  const form = page.getByRole('dialog', { name: 'Registrar webhook' });
  // Sent empty: the form says what is missing, focus on the first field.
  await form.getByTestId('webhook-save').click();
  await expect(form.getByText('La URL es obligatoria.')).toBeVisible();
  await expect(form.getByLabel('URL del receptor')).toBeFocused();
  await form.getByLabel('URL del receptor').fill(state.receiver!.url);
  await form.getByLabel('Descripción (opcional)').fill('Portal de transparencia');
  await form.getByTestId('webhook-evento-registro.creado').check();
  await expectScreenOk(page, 'webhook form');
  if (shots) await page.screenshot({ path: `${shots}/webhook-form-1280.png` });
  await form.getByTestId('webhook-save').click();

  const secret = page.getByRole('dialog', { name: 'Webhook registrado' });
  await expect(secret.getByTestId('webhook-secret-value')).toHaveValue(/^whsec_[0-9a-f]{64}$/);
  await expectScreenOk(page, 'webhook secret');
  if (shots) await page.screenshot({ path: `${shots}/webhook-secreto-1280.png` });
  await secret.getByTestId('webhook-secret-done').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const row = page.getByTestId('webhook-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('webhook-estado')).toHaveText('Activo');
  await row.getByTestId('webhook-ping').click();
  await expect(page.getByText('Entregado: el receptor respondió 200.')).toBeVisible();
  expect(state.receiver!.received.map((r) => r.event)).toEqual(['ping']);
});

test('the delivery log shows a registration delivered; a pause by someone else arrives live', async ({ page, webhooksServer }) => {
  await postJson(webhooksServer.url, `/api/eventos/${state.slug}/register`, {
    nombre: 'Rosa María',
    apellido_paterno: 'Villarreal',
    apellido_materno: 'Cantú',
    fecha_nacimiento: '1991-03-08',
    phone: '8112345678',
    email: 'rosa.villarreal@correo.mx',
    tipo_participante: 'Emprendedor',
  });
  await expect.poll(() => state.receiver!.received.length, { timeout: 20_000, intervals: POLL_INTERVALS }).toBe(2);
  await openSignedIn(page, '/webhooks');
  const row = page.getByTestId('webhook-row');
  await row.getByTestId('webhook-open-log').click();
  const log = page.getByTestId('webhook-log');
  await expect(log.getByTestId('webhook-delivery')).toHaveCount(2);
  await expect(log.locator('[data-testid="webhook-delivery"][data-estado="entregada"]')).toHaveCount(2);
  await expect(log).toContainText('registro.creado');
  await expect(log).toContainText('HTTP 200');
  await expectScreenOkAtBothWidths(page, 'webhooks-entregas', shots);

  const id = await row.getAttribute('data-webhook-id');
  const res = await fetch(`${webhooksServer.url}/api/webhooks/${id}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${state.token}` },
    body: JSON.stringify({ url: state.receiver!.url, eventos: ['registro.creado'], estado: 'pausado' }),
  });
  expect(res.status).toBe(200);
  await expect(row.getByTestId('webhook-estado')).toHaveText('Pausado'); // no reload: the room's push
});

test('the delivery log is live: a delivery appears without clicking; after a reconnect it reads what it missed', async ({
  page,
  webhooksServer,
}) => {
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${state.token}` };
  const list = (await (await fetch(`${webhooksServer.url}/api/webhooks`, { headers })).json()) as { webhooks: Array<{ id: number }> };
  const id = list.webhooks[0].id;
  // Active again (the previous test paused it).
  const resumed = await fetch(`${webhooksServer.url}/api/webhooks/${id}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      url: state.receiver!.url,
      descripcion: 'Portal de transparencia',
      eventos: ['registro.creado'],
      estado: 'activo',
    }),
  });
  expect(resumed.status).toBe(200);
  const register = (n: number) =>
    postJson(webhooksServer.url, `/api/eventos/${state.slug}/register`, {
      nombre: 'Héctor Manuel',
      apellido_paterno: 'Garza',
      apellido_materno: 'Elizondo',
      fecha_nacimiento: '1985-11-20',
      phone: `81876543${String(n).padStart(2, '0')}`,
      email: `hector.garza${n}@correo.mx`,
      tipo_participante: 'Emprendedor',
    });

  // The browser's socket goes through the test: it can drop it and hold the way back.
  let hold: Promise<void> | null = null;
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/socket\.io\//, async (ws) => {
    if (hold) await hold;
    ws.connectToServer();
    sockets.push(ws);
  });
  await openSignedIn(page, '/webhooks');
  await page.getByTestId('webhook-row').getByTestId('webhook-open-log').click();
  const log = page.getByTestId('webhook-log');
  const rows = log.getByTestId('webhook-delivery');
  await expect(rows).toHaveCount(2);
  await expect(log.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
  // No 'Actualizar': the log keeps itself up to date.
  await expect(log.getByRole('button', { name: 'Actualizar' })).toHaveCount(0);

  // A registration elsewhere: its delivery shows on top, delivered, with nothing clicked.
  const before = state.receiver!.received.length;
  await register(1);
  // Delivered (on a busy machine the line's wake-up can take a while); the screen was not touched.
  await expect.poll(() => state.receiver!.received.length, { timeout: 20_000, intervals: POLL_INTERVALS }).toBe(before + 1);
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toHaveAttribute('data-estado', 'entregada');
  await expect(rows.first()).toContainText('registro.creado');
  await expect(rows.first()).toContainText('HTTP 200');
  await expect(log.locator('.counter')).toHaveText('3');
  await expectScreenOkAtBothWidths(page, 'webhooks-entregas-en-vivo', shots);

  // The connection drops and stays down while another delivery happens: no push can reach the screen.
  let reconnect!: () => void;
  hold = new Promise<void>((resolve) => (reconnect = resolve));
  await sockets[sockets.length - 1].close();
  await expect(log.getByTestId('live-indicator')).not.toHaveAttribute('data-state', 'joined');
  await register(2);
  await expect.poll(() => state.receiver!.received.length, { timeout: 20_000, intervals: POLL_INTERVALS }).toBe(before + 2);
  await expect(rows).toHaveCount(3);
  // Back online: the log is read again and shows what it missed.
  reconnect();
  await expect(log.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toHaveAttribute('data-estado', 'entregada');
});
