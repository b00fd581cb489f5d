import { mkdirSync } from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, bearer, openSignedIn } from '../setup/browser';
import { SHOT_VIEWPORTS, screenshotsDir } from './screenshots';

// Visual review only: AFORO_SHOTS=1 npx playwright test spaces-screenshots
const dir = screenshotsDir('spaces');
test.describe.configure({ mode: 'serial' });

async function seed(request: APIRequestContext) {
  const token = await apiToken(request);
  const post = (data: object) => request.post('/api/espacios', { headers: bearer(token), data });
  await post({
    nombre: 'Auditorio Luis Elizondo',
    descripcion: 'Auditorio principal con platea, dos palcos y galería.',
    layout_config: '2,1',
    secciones: [
      { nombre: 'Platea Izquierda', codigo: 'PI', filas: 8, asientos_por_fila: 12, color: '#3B82F6' },
      { nombre: 'Platea Derecha', codigo: 'PD', filas: 8, asientos_por_fila: 12, color: '#10B981' },
      { nombre: 'Galería', codigo: 'GA', filas: 4, asientos_por_fila: 20, color: '#F59E0B' },
    ],
  });
  const hall = await post({
    nombre: 'Salón de Cabildo',
    descripcion: 'Sesiones de cabildo y ruedas de prensa.',
    layout_config: '',
    secciones: [{ nombre: 'General', codigo: 'G', filas: 6, asientos_por_fila: 10, color: '#8B5CF6' }],
  });
  const id = ((await hall.json()) as { espacio: { id: number } }).espacio.id;
  await request.delete(`/api/espacios/${id}`, { headers: bearer(token) });
  await post({
    nombre: 'Arena Monterrey (evento masivo)',
    layout_config: '2,2',
    secciones: ['A', 'B', 'C', 'D'].map((c, i) => ({
      nombre: `Tribuna ${c}`,
      codigo: c,
      filas: 100,
      asientos_por_fila: 50,
      color: ['#3B82F6', '#10B981', '#EF4444', '#EC4899'][i],
    })),
  });
}

for (const [kind, viewport] of Object.entries(SHOT_VIEWPORTS)) {
  test(`spaces screens at ${viewport.width} px`, async ({ page, request }) => {
    mkdirSync(dir, { recursive: true });
    if (kind === 'desktop') await seed(request);
    await page.setViewportSize(viewport);
    await openSignedIn(page, '/espacios');
    await expect(page.getByTestId('space-row').first()).toBeVisible();
    const shot = (name: string, fullPage = true) =>
      page.screenshot({ path: `${dir}/${name}-${kind}.png`, fullPage, animations: 'disabled' });
    await shot('list');
    if (kind === 'mobile') {
      await page.getByTestId('mobile-menu-toggle').click();
      await expect(page.getByTestId('mobile-menu').getByRole('link', { name: 'Gestión de Espacios' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await shot('mobile-menu', false);
      await page.getByTestId('mobile-menu-toggle').click();
    }
    const noSideways = async (p: Page) =>
      expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await noSideways(page);

    await page.getByTestId('create-space').click();
    const modal = page.getByTestId('space-form-modal');
    await modal.getByLabel('Nombre del Espacio').fill('Teatro de la Ciudad');
    await modal.getByRole('button', { name: 'Agregar Sección' }).click();
    await modal.getByRole('button', { name: 'Agregar Sección' }).click();
    await modal.getByLabel('Organización de Secciones').fill('2,1');
    await modal.getByTestId('seat-map-focus').focus();
    await modal.getByTestId('seat-map-focus').press('ArrowRight');
    await shot('form', false);
    await modal.getByTestId('space-preview').scrollIntoViewIfNeeded();
    await shot('form-preview', false);
    await noSideways(page);
    await modal.getByRole('button', { name: 'Cancelar' }).click();

    await page.getByTestId('space-row').filter({ hasText: 'Arena Monterrey' }).getByRole('button', { name: /^Ver / }).click();
    await expect(page.getByTestId('space-view-modal')).toBeVisible();
    await shot('view-20k', false);
    await page.getByTestId('space-view-modal').getByRole('button', { name: 'Acercar' }).click();
    await page.getByTestId('space-view-modal').getByRole('button', { name: 'Acercar' }).click();
    await page.getByTestId('space-view-modal').getByRole('button', { name: 'Acercar' }).click();
    await page.getByTestId('space-view-modal').getByRole('button', { name: 'Acercar' }).click();
    await shot('view-20k-zoomed', false);
    await page.keyboard.press('Escape');

    await page
      .getByTestId('space-row')
      .filter({ hasText: 'Auditorio Luis Elizondo' })
      .getByRole('button', { name: /^Desactivar / })
      .click();
    await shot('deactivate', false);
  });
}
