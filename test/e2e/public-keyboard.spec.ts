import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, uniqueEmail } from '../setup/browser';
import { createEventViaApi } from './external-events-helpers';

/** Presses Tab until the element with this id has focus (keyboard only, as a person would). */
async function tabTo(page: Page, id: string, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((target) => document.activeElement?.id === target, id)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached #${id}`);
}

/** Fills the public form field by field with the keyboard alone, starting on the first field. */
async function typeRegistration(page: Page, email: string): Promise<void> {
  await expect(page.locator('#reg-nombre')).toBeFocused();
  await page.keyboard.type('María José');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Garza');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Treviño');
  await tabTo(page, 'reg-fecha_nacimiento');
  // The segments' order follows the browser's own language (dd/mm or mm/dd): type day first, and if the
  // browser reads month first, go back to the first segment (Shift+Tab moves between segments) and retype.
  await page.keyboard.type('14031992');
  if ((await page.locator('#reg-fecha_nacimiento').inputValue()) !== '1992-03-14') {
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('03141992');
  }
  await expect(page.locator('#reg-fecha_nacimiento')).toHaveValue('1992-03-14');
  await tabTo(page, 'reg-phone');
  await page.keyboard.type('8181234567');
  await tabTo(page, 'reg-email');
  await page.keyboard.type(email);
  await tabTo(page, 'reg-tipo_participante');
  await page.keyboard.type('Estudiante');
  await expect(page.locator('#reg-tipo_participante')).toHaveValue('Estudiante');
  // Enter in a text field submits the form.
  await tabTo(page, 'reg-email');
  await page.keyboard.press('Enter');
}

test.use({ viewport: { width: 360, height: 740 } });

test('public registration by keyboard alone: skip link, success and refusal each take focus, in view', async ({ page, request }) => {
  const event = await createEventViaApi(request, await apiToken(request), { title: `Registro con teclado ${Date.now()}` });
  await page.goto(`/eventos/${event.slug}`);
  await expect(page.getByTestId('registration-form')).toBeVisible();

  // The first Tab reaches the skip link; Enter jumps to the main content.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Saltar al contenido' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#contenido')).toBeFocused();

  // The focused field shows a ring of at least 2 px.
  await tabTo(page, 'reg-nombre');
  const ring = await page.locator('#reg-nombre').evaluate((el) => {
    const style = getComputedStyle(el);
    return { width: parseFloat(style.outlineWidth), style: style.outlineStyle };
  });
  expect(ring.width).toBeGreaterThanOrEqual(2);
  expect(ring.style).toBe('solid');

  const email = uniqueEmail('teclado');
  await typeRegistration(page, email);
  const success = page.getByRole('heading', { name: '¡Registro Exitoso!' });
  await expect(success).toBeFocused();
  await expect(success).toBeInViewport();

  // 'Registrar a otra persona' by keyboard returns to the first field of an empty form.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Registrar a otra persona' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#reg-nombre')).toBeFocused();
  await expect(page.locator('#reg-nombre')).toHaveValue('');

  // The same e-mail again: the server refuses, and focus lands on the error panel (role=alert), in view.
  await typeRegistration(page, email);
  const failure = page.getByRole('alert').filter({ hasText: 'Error en el Registro' });
  await expect(failure).toBeFocused();
  await expect(failure).toBeInViewport();
  await expect(failure).toContainText(/registrad/i);
});
