import { expect, test } from './fixtures';
import { apiToken, createStaffUser, signIn, uniqueEmail, bearer, storeSession, signInThroughForm } from '../setup/browser';
import { createEventViaApi } from './external-events-helpers';
import { fillCreateUser, userRow } from './users-helpers';

test('users and dashboard update live across two sessions, without reload', async ({ browser }) => {
  const observerContext = await browser.newContext();
  const actorContext = await browser.newContext();
  const observer = await observerContext.newPage();
  const actor = await actorContext.newPage();
  try {
    // Two sessions of the same account: the actor's is a new sign-in.
    await signIn(observer);
    await signInThroughForm(actor);

    // Both on /users; wait until the observer has joined the 'users' room.
    await observer.goto('/users');
    await actor.goto('/users');
    await expect(observer.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
    await expect(observer.getByTestId('users-table')).toBeVisible();
    let navigations = 0;
    observer.on('framenavigated', (frame) => {
      if (frame === observer.mainFrame()) navigations++;
    });

    const email = uniqueEmail('live');
    await fillCreateUser(actor, { name: 'Usuario En Vivo', email, password: 'secreto-123' });
    const [created] = await Promise.all([
      actor.waitForResponse((r) => r.url().endsWith('/api/users') && r.request().method() === 'POST'),
      actor.getByTestId('create-user-submit').click(),
    ]);
    expect(created.status()).toBe(201);
    // Arrives without a reload, within the suite's normal wait (latency is measured in bench/, not here).
    await expect(userRow(observer, email)).toBeVisible();
    expect(navigations).toBe(0);

    // Deletion elsewhere disappears too.
    actor.once('dialog', (d) => void d.accept());
    await userRow(actor, email).getByTestId('delete-user').click();
    await expect(userRow(observer, email)).toHaveCount(0);

    // Dashboard: a new audit entry of the same account appears on top of recent activity.
    await observer.goto('/dashboard');
    const items = observer.getByTestId('activity-item');
    await expect(items.first()).toBeVisible();
    const topBefore = await items.first().getAttribute('data-entry-id');
    navigations = 0;

    const email2 = uniqueEmail('live-audit');
    await fillCreateUser(actor, { name: 'Auditoría En Vivo', email: email2, password: 'secreto-123' });
    await actor.getByTestId('create-user-submit').click();
    await expect(actor.getByTestId('create-user-message')).toHaveText('Usuario creado exitosamente');

    await expect(items.first()).not.toHaveAttribute('data-entry-id', topBefore ?? '');
    await expect(items.first()).toContainText('Creación');
    await expect(items.first()).toContainText('usuario');
    expect(await items.count()).toBeLessThanOrEqual(5);
    expect(navigations).toBe(0);
  } finally {
    await observerContext.close();
    await actorContext.close();
  }
});

test('changes pushed before the socket is in its rooms still reach the screen once it joins', async ({ page, request }) => {
  const token = await apiToken(request);
  const headers = bearer(token);
  const { id, email, password } = await createStaffUser(request, token, 'Tere Tardía', {
    eventos_internos: [],
    eventos_externos: ['view'],
  });
  const data = { name: 'Tere Tardía', email, is_super_admin: false };

  // The browser's socket reaches the server only when the test opens the gate.
  let openGate!: () => void;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  await page.routeWebSocket(/\/socket\.io\//, async (ws) => {
    await gate;
    ws.connectToServer();
  });
  await storeSession(page, email, password);
  await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/eventos-externos' && r.request().method() === 'GET'),
    page.goto('/eventos-externos'),
  ]);
  await expect(page.getByTestId('live-indicator')).not.toHaveAttribute('data-state', 'joined');

  // While the screen has its data but no room yet: a new event and a permission change are pushed to nobody.
  const event = await createEventViaApi(request, token, { title: `Evento previo a la sala ${Date.now()}` });
  const updated = await request.put(`/api/users/${id}`, {
    headers,
    data: { ...data, permissions: { eventos_internos: ['view'], eventos_externos: ['view'] } },
  });
  expect(updated.ok()).toBeTruthy();
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(nav.getByRole('link', { name: 'Eventos Internos' })).toHaveCount(0);

  // Once the socket connects and joins, the screen and the account resync: both changes show, no reload.
  openGate();
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
  await expect(page.locator(`[data-testid="external-event-row"][data-event-id="${event.id}"]`)).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Eventos Internos' })).toBeVisible();
});
