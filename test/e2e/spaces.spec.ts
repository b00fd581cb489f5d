import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, expectScreenOk, signIn, bearer, openSignedIn, storeSession } from '../setup/browser';

/**
 * Hover: the canvas has no element per seat, so the point comes from the keyboard-focus tooltip (centred
 * above its seat); after leaving the map, pointing there shows the tooltip again, now from the mouse.
 */
async function hoverFocusedSeat(page: Page): Promise<string> {
  const tip = page.getByTestId('seat-tooltip');
  const box = (await tip.boundingBox())!;
  const point = { x: box.x + box.width / 2, y: box.y + box.height + 6 + 3 };
  await page.getByLabel('Organización de Secciones').focus();
  await expect(tip).toBeHidden();
  await page.mouse.move(point.x, point.y);
  await expect(tip).toBeVisible();
  return (await tip.locator('strong').textContent()) ?? '';
}

test.describe('Gestión de Espacios (spec 3 §2.8)', () => {
  test('empty state while there are no spaces', async ({ page }) => {
    await storeSession(page);
    await page.route('**/api/espacios', (route) => route.fulfill({ json: { espacios: [] } }));
    await page.goto('/espacios');
    await expect(page.getByTestId('spaces-empty')).toContainText('No hay espacios');
    await expect(page.getByTestId('spaces-empty')).toContainText('Comienza creando tu primer espacio de asientos.');
  });

  test('create a space with three sections in layout 2,1: preview labels and totals; deactivate and reactivate', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await nav.getByRole('link', { name: 'Gestión de Espacios' }).click();
    await expect(page).toHaveURL(/\/espacios$/);
    await expect(nav.getByRole('link', { name: 'Gestión de Espacios' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'Gestión de Espacios' })).toBeVisible();

    await page.getByTestId('create-space').click();
    const modal = page.getByTestId('space-form-modal');
    await expect(modal.getByRole('heading', { name: 'Crear Nuevo Espacio' })).toBeVisible();
    const save = modal.getByTestId('space-save');
    await expect(save).toBeDisabled(); // no name yet
    const name = `Auditorio Prueba ${Date.now()}`;
    await modal.getByLabel('Nombre del Espacio').fill(name);
    await modal.getByLabel('Descripción').fill('Auditorio del centro cultural.');

    const rows = modal.getByTestId('section-row');
    // Defaults: 5 × 10.
    await expect(rows.nth(0).getByLabel('Filas')).toHaveValue('5');
    await expect(rows.nth(0).getByLabel('Asientos por Fila')).toHaveValue('10');
    await expect(rows.nth(0).getByTestId('section-total')).toHaveText('50');
    const fill = async (i: number, nombre: string, codigo: string, filas: string, asientos: string) => {
      const row = rows.nth(i);
      await row.getByLabel('Nombre', { exact: true }).fill(nombre);
      await row.getByLabel('Código').fill(codigo);
      await row.getByLabel('Filas').fill(filas);
      await row.getByLabel('Asientos por Fila').fill(asientos);
    };
    await fill(0, 'Platea', 'PL', '3', '4');
    await modal.getByRole('button', { name: 'Agregar Sección' }).click();
    await fill(1, 'Palco', 'PA', '2', '3');
    await modal.getByRole('button', { name: 'Agregar Sección' }).click();
    await fill(2, 'Galería', 'GA', '2', '5');
    await expect(rows.nth(0).getByTestId('section-total')).toHaveText('12');
    await expect(rows.nth(1).getByTestId('section-total')).toHaveText('6');
    await expect(rows.nth(2).getByTestId('section-total')).toHaveText('10');

    // An invalid section keeps Guardar disabled.
    await rows.nth(1).getByLabel('Filas').fill('101');
    await expect(save).toBeDisabled();
    await expect(rows.nth(1)).toContainText('Las filas van de 1 a 100.');
    await rows.nth(1).getByLabel('Filas').fill('2');

    await modal.getByLabel('Organización de Secciones').fill('2,1');
    const preview = modal.getByTestId('space-preview');
    await expect(preview.getByTestId('preview-section-total')).toHaveText([
      /Platea \(PL\)\s*3 filas × 4 asientos = 12/,
      /Palco \(PA\)\s*2 filas × 3 asientos = 6/,
      /Galería \(GA\)\s*2 filas × 5 asientos = 10/,
    ]);
    await expect(preview.getByTestId('preview-capacity')).toHaveText('Capacidad Total: 28 asientos');

    // Labels through the renderer's keyboard focus and its live announcement.
    const map = preview.getByTestId('seat-map-focus');
    const said = preview.getByTestId('seat-announcement');
    await map.focus();
    await expect(said).toHaveText('Asiento PL-A-1, sección Platea');
    await expect(preview.getByTestId('seat-tooltip')).toHaveText('PL-A-1');
    for (let i = 0; i < 3; i++) await map.press('ArrowRight');
    await expect(said).toHaveText('Asiento PL-A-4, sección Platea');
    // Numbering continues across the sections of a layout row.
    await map.press('ArrowRight');
    await expect(said).toHaveText('Asiento PA-A-5, sección Palco');
    await map.press('ArrowDown');
    await expect(said).toHaveText('Asiento PA-B-5, sección Palco');
    // The row below starts after the tallest section above (Platea, 3 rows): letter D.
    await map.press('ArrowDown');
    await expect(said).toHaveText(/^Asiento GA-D-\d+, sección Galería$/);
    await map.press('End');
    await expect(said).toHaveText('Asiento GA-D-5, sección Galería');
    await map.press('ArrowUp');
    await expect(said).toHaveText(/^Asiento P[LA]-[BC]-\d+, sección (Platea|Palco)$/);
    // Hover shows the same label.
    const focusedLabel = (await preview.getByTestId('seat-tooltip').locator('strong').textContent()) ?? '';
    expect(await hoverFocusedSeat(page)).toBe(focusedLabel);
    await page.mouse.move(0, 0);
    // Layout '1,1,1': one section per row; Palco restarts at 1 on letter D.
    await modal.getByLabel('Organización de Secciones').fill('1,1,1');
    await map.focus();
    for (let i = 0; i < 8; i++) await map.press('ArrowUp');
    await map.press('Home');
    await expect(said).toHaveText('Asiento PL-A-1, sección Platea');
    await map.press('ArrowDown');
    await map.press('ArrowDown');
    await map.press('ArrowDown');
    await expect(said).toHaveText(/^Asiento PA-D-[1-3], sección Palco$/);
    await modal.getByLabel('Organización de Secciones').fill('2,1');

    await expect(save).toBeEnabled();
    await save.click();
    await expect(modal).toBeHidden();
    await expect(page.getByText('Espacio creado exitosamente')).toBeVisible();
    const row = page.getByTestId('space-row').filter({ hasText: name });
    await expect(row).toContainText('3 secciones · 28 asientos totales');
    await expect(row).toContainText('Auditorio del centro cultural.');
    await expect(row).toContainText('Activo');

    // View: 'Creado por' and the same preview.
    await row.getByRole('button', { name: `Ver ${name}` }).click();
    const view = page.getByTestId('space-view-modal');
    await expect(view).toContainText('Creado por');
    await expect(view.getByTestId('preview-capacity')).toHaveText('Capacidad Total: 28 asientos');
    await view.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
    await expect(view).toBeHidden();

    // Deactivate with confirmation.
    await row.getByRole('button', { name: `Desactivar ${name}` }).click();
    const confirm = page.getByTestId('deactivate-space-modal');
    await expect(confirm.getByRole('heading', { name: 'Desactivar Espacio' })).toBeVisible();
    await expect(confirm).toContainText('No estará disponible para nuevos eventos');
    await confirm.getByTestId('confirm-deactivate').click();
    await expect(confirm).toBeHidden();
    await expect(row).toContainText('Inactivo');
    await expect(row).toHaveClass(/space-row--inactive/);
    // An inactive space cannot be edited.
    await row.getByRole('button', { name: `Editar ${name}` }).click();
    await expect(page.getByText('No se puede editar un espacio inactivo. Actívalo primero.')).toBeVisible();
    await expect(page.getByTestId('space-form-modal')).toBeHidden();

    // Activation needs no confirmation.
    await row.getByRole('button', { name: `Activar ${name}` }).click();
    await expect(row).toContainText('Activo');
    await expect(row).not.toHaveClass(/space-row--inactive/);
    await expect(row.getByRole('button', { name: `Desactivar ${name}` })).toBeVisible();
  });

  for (const width of [1280, 360]) {
    test(`the list and the modals pass axe and do not scroll sideways at ${width} px`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const token = await apiToken(request);
      const name = `Sala axe ${width} ${Date.now()}`;
      const res = await request.post('/api/espacios', {
        headers: bearer(token),
        data: {
          nombre: name,
          descripcion: 'Sala de prueba de accesibilidad.',
          layout_config: '2,1',
          secciones: ['A', 'B', 'C'].map((codigo) => ({ nombre: `Sección ${codigo}`, codigo, filas: 20, asientos_por_fila: 30 })),
        },
      });
      expect(res.status()).toBe(201);
      await page.setViewportSize({ width, height: 800 });
      await openSignedIn(page, '/espacios');
      const row = page.getByTestId('space-row').filter({ hasText: name });
      await expect(row).toBeVisible();
      await expectScreenOk(page, `espacios ${width}`);
      await row.getByRole('button', { name: `Editar ${name}` }).click();
      await expect(page.getByTestId('space-form-modal')).toBeVisible();
      await expectScreenOk(page, `espacios edit ${width}`);
      await page.getByTestId('space-form-modal').getByRole('button', { name: 'Cancelar' }).click();
      await row.getByRole('button', { name: `Ver ${name}` }).click();
      await expect(page.getByTestId('space-view-modal')).toBeVisible();
      await expectScreenOk(page, `espacios view ${width}`);
      await page.keyboard.press('Escape');
      await row.getByRole('button', { name: `Desactivar ${name}` }).click();
      await expect(page.getByTestId('deactivate-space-modal')).toBeVisible();
      await expectScreenOk(page, `espacios deactivate ${width}`);
    });
  }

  test('the list is live: a space created elsewhere appears without reloading', async ({ page, request }) => {
    await openSignedIn(page, '/espacios');
    await expect(page.getByTestId('spaces-list').or(page.getByTestId('spaces-empty'))).toBeVisible();
    const token = await apiToken(request);
    const name = `Salón en vivo ${Date.now()}`;
    const res = await request.post('/api/espacios', {
      headers: bearer(token),
      data: { nombre: name, layout_config: '', secciones: [{ nombre: 'General', codigo: 'G', filas: 4, asientos_por_fila: 6 }] },
    });
    expect(res.status()).toBe(201);
    await expect(page.getByTestId('space-row').filter({ hasText: name })).toContainText('1 secciones · 24 asientos totales');
  });
});
