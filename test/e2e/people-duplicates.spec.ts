import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, bearer, expectScreenOkAtBothWidths, shotsFolder, openSignedIn } from '../setup/browser';
import { createPersonaViaApi, createStaff, letterTag } from './personas-helpers';

/**
 * 'Posibles duplicados' and an import's review list, keyboard only: the merge dialog (role=dialog, named, focus
 * trapped and returned), the per-field choice, the result with 'Deshacer'; axe clean and no sideways scroll at 360
 * and 1280 px. AFORO_SHOTS=1 keeps PNGs in /tmp/shots-people-duplicates.
 */
const shots = shotsFolder('people-duplicates');

/** Presses Tab until `target` has the focus (as a keyboard user reaches it); fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

const focusedInside = (dialog: Locator) => dialog.evaluate((el) => el.contains(document.activeElement));

test('merge a pair from the review list with the keyboard only, then undo it', async ({ page, request }) => {
  const token = await apiToken(request);
  const tag = letterTag();
  const rosa = await createPersonaViaApi(request, token, {
    nombre: 'Rosa María',
    apellido_paterno: 'Cantú',
    apellido_materno: `Elizondo${tag}`,
    telefono_celular: '8112340001',
    direccion_calle: 'Av. Constitución',
    direccion_numero: '400',
    direccion_colonia: 'Centro',
    direccion_ciudad: 'MONTERREY',
    direccion_estado: 'NUEVO LEÓN',
  });
  const ma = await createPersonaViaApi(request, token, {
    nombre: 'Rosa Ma.',
    apellido_paterno: 'Cantu',
    apellido_materno: `Elizondo${tag}`,
    correo_electronico: `rosa.${tag.toLowerCase()}@correo.mx`,
  });

  await openSignedIn(page, '/personas/duplicados');
  const card = page.getByTestId('duplicate-pair').filter({ hasText: `ELIZONDO${tag}` });
  await expect(card).toHaveCount(1);
  const mergeButton = card.getByTestId('merge-duplicate');
  await expectScreenOkAtBothWidths(page, 'duplicates-list', shots);

  // Open with Enter, close with Escape: the focus comes back to 'Fusionar'.
  await tabTo(page, mergeButton);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Fusionar personas' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(mergeButton).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio').first()).toBeFocused();
  // The most complete value preselected: 'ROSA MARÍA' over 'ROSA MA.', the e-mail over nothing.
  const nombre = dialog.getByRole('group', { name: 'Nombre', exact: true });
  await expect(nombre.getByRole('radio', { name: /^ROSA MARÍA/ })).toBeChecked();
  await expect(
    dialog.getByRole('group', { name: 'Correo electrónico' }).getByRole('radio', { name: new RegExp(`^ROSA\\.${tag}@`) }),
  ).toBeChecked();
  await expect(dialog.getByTestId('merge-summary')).toContainText('Se eliminan');
  await expectScreenOkAtBothWidths(page, 'merge-modal', shots);

  // Focus stays in the dialog however far Tab goes.
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    expect(await focusedInside(dialog)).toBe(true);
  }
  // Arrow keys choose within a field: the apellido paterno without the accent this time.
  const paterno = dialog.getByRole('group', { name: 'Apellido paterno' });
  await tabTo(page, paterno.getByRole('radio', { checked: true }));
  await page.keyboard.press('ArrowDown');
  await expect(paterno.getByRole('radio', { name: /^CANTU / })).toBeChecked();

  await tabTo(page, dialog.getByTestId('merge-confirm'));
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  const status = page.getByTestId('merge-status');
  await expect(status).toContainText('Personas fusionadas');
  await expect(status).toBeFocused();
  await expect(card).toHaveCount(0);
  await expectScreenOkAtBothWidths(page, 'merge-done', shots);

  const kept = (await (await request.get(`/api/personas/${rosa.id}`, { headers: bearer(token) })).json()) as {
    persona: Record<string, string>;
  };
  expect(kept.persona).toMatchObject({ nombre: 'ROSA MARÍA', apellido_paterno: 'CANTU', correo_electronico: `ROSA.${tag}@CORREO.MX` });
  expect((await request.get(`/api/personas/${ma.id}`, { headers: bearer(token) })).status()).toBe(404);

  // 'Deshacer', by keyboard: both come back, the pair is listed again.
  await tabTo(page, status.getByRole('button', { name: 'Deshacer' }));
  await page.keyboard.press('Enter');
  await expect(status).toContainText('Fusión deshecha');
  await expect(card).toHaveCount(1);
  expect((await request.get(`/api/personas/${ma.id}`, { headers: bearer(token) })).status()).toBe(200);
});

test("an import's review list opens from its result; 'Fusionar' creates the row and merges it, keyboard only", async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const tag = letterTag();
  const existing = await createPersonaViaApi(request, token, {
    nombre: 'Lucía',
    apellido_paterno: 'Sada',
    apellido_materno: `Zambrano${tag}`,
    correo_electronico: `lucia.${tag.toLowerCase()}@correo.mx`,
  });
  const csv = ['nombre,contacto', `Lucia Sada Zambrano${tag},8100000009`, `Nadie Igual ${tag},8100000010`].join('\n');
  const upload = await request.post('/api/personas/import-csv', {
    headers: bearer(token),
    multipart: { file: { name: 'revision.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(upload.status(), await upload.text()).toBe(202);
  const importId = ((await upload.json()) as { import_id: string }).import_id;
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/personas/import-csv/${importId}`, { headers: bearer(token) })).json()) as { status: string })
          .status,
      // Every 250 ms: the default steps grow to a second, up to a second past the import's end.
      { intervals: [100, 250] },
    )
    .toBe('completed');

  await openSignedIn(page, `/personas/duplicados?importacion=${importId}`);
  const review = page.getByTestId('import-review-list');
  const row = review.getByTestId('import-review-row').filter({ hasText: `ZAMBRANO${tag}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Por revisar');
  await expectScreenOkAtBothWidths(page, 'import-review', shots);

  await tabTo(page, row.getByTestId('import-review-merge'));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Fusionar personas' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio').first()).toBeFocused();
  await expectScreenOkAtBothWidths(page, 'import-review-merge-modal', shots);
  await tabTo(page, dialog.getByTestId('merge-confirm'));
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('merge-status')).toContainText('Personas fusionadas');
  await expect(row).toContainText('Creada');
  // The stored person kept the mobile the row brought.
  const kept = (await (await request.get(`/api/personas/${existing.id}`, { headers: bearer(token) })).json()) as {
    persona: Record<string, string>;
  };
  expect(kept.persona.telefono_celular).toBe('8100000009');
});

test('who may only view sees the pairs, never Fusionar', async ({ page, request }) => {
  const token = await apiToken(request);
  const tag = letterTag();
  await createPersonaViaApi(request, token, { nombre: 'Hilda', apellido_paterno: 'Montemayor', apellido_materno: `Ruiz${tag}` });
  await createPersonaViaApi(request, token, {
    nombre: 'Hilda',
    apellido_paterno: 'Montemayor',
    apellido_materno: `Ruiz${tag}`,
    telefono_celular: '8100000055',
  });
  const viewer = await createStaff(request, token, 'Solo Ver Duplicados', ['view']);
  await openSignedIn(page, '/personas/duplicados', viewer.email, viewer.password);
  const card = page.getByTestId('duplicate-pair').filter({ hasText: `RUIZ${tag}` });
  await expect(card).toHaveCount(1);
  await expect(page.getByTestId('merge-duplicate')).toHaveCount(0);
});
