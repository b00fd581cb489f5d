import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures';
import { apiToken, bearer, expectScreenOk, newSignedInPage, viewportFor } from '../setup/browser';
import { assignViaApi, createInternalEventViaApi, createPeopleViaApi, GUEST_NAMES } from './internal-events-helpers';

/**
 * Invitations by e-mail from the event's page: one attendee, the chosen ones, or every pending
 * one with an e-mail; the request's progress and result arrive live, and the list shows who was invited and when.
 * AFORO_SHOTS=1 also saves screenshots (/tmp/shots-invitations) to look at.
 */
const shots = process.env.AFORO_SHOTS ? (process.env.AFORO_SHOTS_DIR ?? '/tmp/shots-invitations') : null;

test('send invitations from the event page: one, the selected, all pending; live progress and invited dates', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  if (shots) mkdirSync(shots, { recursive: true });
  const token = await apiToken(request);
  const evento = await createInternalEventViaApi(request, token, { titulo: 'Informe Anual de Actividades del Ayuntamiento' });
  const people = GUEST_NAMES.map(([nombre, apellido_paterno, apellido_materno], i) => ({
    nombre,
    apellido_paterno,
    apellido_materno,
    telefono_celular: `81${String(30_000_000 + i * 7919).slice(0, 8)}`,
    // The last one (Ríos, on page 1) has no e-mail: never invited, and the page says so.
    ...(i < GUEST_NAMES.length - 1 ? { correo_electronico: `invitado${i}.${Date.now()}@correo.mx` } : {}),
  }));
  const ids = await createPeopleViaApi(request, token, people);
  await assignViaApi(request, token, evento.id, ids);

  const { context, page } = await newSignedInPage(browser, token);
  await page.setViewportSize(viewportFor(1280));
  await page.goto(`/eventos-internos/${evento.id}`);
  const rows = page.getByTestId('ie-attendee');
  await expect(rows).toHaveCount(10);
  await expect(page.getByTestId('ie-invite-job')).toHaveCount(0);
  await expect(rows.first().getByTestId('ie-attendee-invited')).toHaveText('Invitación sin enviar');

  // One attendee, from their row.
  const first = rows.first();
  await first.getByTestId('ie-attendee-invite').click();
  await expect(page.getByTestId('ie-invite-result')).toHaveText('Se puso en cola 1 invitación.');
  await expect(first.getByTestId('ie-attendee-invited')).toHaveAttribute('data-invited', 'true');
  await expect(first.getByTestId('ie-attendee-invited')).toContainText(/Invitación enviada: \d.*\d\s[ap]\.\sm\./);
  await expect(first.getByTestId('ie-attendee-invite')).toHaveText('Reenviar invitación');

  // The selected ones (two on this page).
  await rows.nth(1).getByTestId('ie-attendee-select').check();
  await rows.nth(2).getByTestId('ie-attendee-select').check();
  await page.getByTestId('ie-invite-open').click();
  const modal = page.getByTestId('ie-send-invitations-modal');
  await expect(modal.getByTestId('ie-invite-target-selected')).toBeChecked();
  await expect(modal.getByTestId('ie-invite-send')).toHaveText('Enviar 2 invitaciones');
  await expectScreenOk(page, 'modal enviar invitaciones');
  if (shots) await page.screenshot({ path: `${shots}/modal-desktop.png`, fullPage: true, animations: 'disabled' });
  await modal.getByTestId('ie-invite-send').click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByTestId('ie-invite-result')).toHaveText('Se pusieron en cola 2 invitaciones.');
  for (const i of [1, 2]) await expect(rows.nth(i).getByTestId('ie-attendee-invited')).toHaveAttribute('data-invited', 'true');

  // Everyone pending with an e-mail: 11 of 12 (one has none).
  await page.getByTestId('ie-invite-open').click();
  await modal.getByTestId('ie-invite-target-pending').check();
  await expect(modal.getByTestId('ie-invite-send')).toHaveText('Enviar 11 invitaciones');
  await modal.getByTestId('ie-invite-send').click();
  await expect(page.getByTestId('ie-invite-result')).toHaveText('Se pusieron en cola 11 invitaciones.');
  await expect(page.getByTestId('ie-invite-job')).toHaveAttribute('data-status', 'completed');
  // Page 1: everyone invited but the one without an e-mail.
  await expect(page.locator('[data-testid="ie-attendee-invited"][data-invited="true"]')).toHaveCount(9);
  await expect(page.getByTestId('ie-attendee-invited').filter({ hasText: 'Sin correo electrónico' })).toHaveCount(1);
  await expectScreenOk(page, 'detalle con invitaciones');
  if (shots) await page.screenshot({ path: `${shots}/detail-desktop.png`, fullPage: true, animations: 'disabled' });

  // A request made elsewhere (another tab, the API) shows up live: the panel follows it to its result.
  const res = await request.post(`/api/eventos-internos/${evento.id}/invitations`, {
    headers: bearer(token),
    data: { persona_ids: ids.slice(0, 3) },
  });
  expect(res.status()).toBe(202);
  await expect(page.getByTestId('ie-invite-result')).toHaveText('Se pusieron en cola 3 invitaciones.');

  await page.setViewportSize(viewportFor(360));
  await page.goto(`/eventos-internos/${evento.id}`);
  await expect(page.getByTestId('ie-invite-result')).toHaveText('Se pusieron en cola 3 invitaciones.');
  await expectScreenOk(page, 'detalle a 360 px');
  if (shots) {
    await page.screenshot({ path: `${shots}/detail-mobile.png`, fullPage: true, animations: 'disabled' });
    await page.getByTestId('ie-attendee').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/detail-mobile-rows.png`, animations: 'disabled' });
  }
  await context.close();
});
