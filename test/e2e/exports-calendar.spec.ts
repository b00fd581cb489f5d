import { readFileSync } from 'node:fs';
import { type Download, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import ExcelJS from 'exceljs';
import { apiToken, daysAhead, expectScreenOkAtBothWidths, newSignedInPage, shotsFolder, uniqueEmail } from '../setup/browser';
import { createEventViaApi, registerViaApi } from './external-events-helpers';
import { applyViaApi, createProgramViaApi } from './programs-helpers';

// AFORO_SHOTS=1 also keeps a PNG of each screen at 360 and 1280 px (/tmp/shots-exports-calendar).
const shots = shotsFolder('exports-calendar');

async function headerOf(download: Download): Promise<unknown[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ExcelJS.Buffer);
  const ws = workbook.worksheets[0];
  expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  return (ws.getRow(1).values as unknown[]).slice(1);
}

async function downloadFrom(page: Page, testId: string): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return download;
}

test('a citizen subscribes to the public calendar from /eventos and saves one event from its page', async ({ page, request }) => {
  const token = await apiToken(request);
  const event = await createEventViaApi(request, token, {
    title: `Festival de Calendario ${Date.now()}`,
    event_date: daysAhead(9, 18),
    end_date: daysAhead(9, 21),
  });

  await page.goto('/eventos');
  const subscribe = page.getByRole('link', { name: 'Suscribirse al calendario' });
  await expect(subscribe).toHaveAttribute('href', new RegExp(`^webcal://127\\.0\\.0\\.1:\\d+/api/public/eventos\\.ics$`));
  // Reached by keyboard like every link.
  await subscribe.focus();
  await expect(subscribe).toBeFocused();
  const file = page.getByTestId('calendar-file');
  await expect(file).toHaveAttribute('href', '/api/public/eventos.ics');
  const feed = await request.get('/api/public/eventos.ics');
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toContain(`SUMMARY:${event.title}`);
  await expectScreenOkAtBothWidths(page, 'landing-calendar', shots);

  await page.goto(`/eventos/${event.slug}`);
  const add = page.getByRole('link', { name: 'Agregar a mi calendario (.ics)' });
  await expect(add).toBeVisible();
  const [saved] = await Promise.all([page.waitForEvent('download'), add.click()]);
  expect(saved.suggestedFilename()).toBe(`${event.slug}.ics`);
  const ics = readFileSync((await saved.path())!, 'utf8');
  expect(ics).toMatch(new RegExp(`\\r\\nUID:evento-${event.id}@[a-z0-9.-]+\\r\\n`));
  await expectScreenOkAtBothWidths(page, 'event-calendar', shots);
});

test("staff download each export as Excel beside its CSV: the board, a program's registrations, an import's refused rows", async ({
  browser,
  request,
}) => {
  const token = await apiToken(request);
  const { context, page } = await newSignedInPage(browser, token);

  // The registrations board.
  const event = await createEventViaApi(request, token, { title: `Expo Excel ${Date.now()}` });
  await registerViaApi(request, event.slug, {
    nombre: 'Lucía',
    apellido_paterno: 'Garza',
    apellido_materno: 'Leal',
    email: uniqueEmail('excel'),
  });
  await page.goto(`/eventos-externos/${event.id}/registros`);
  await expect(page.getByTestId('export-csv')).toHaveText('Exportar CSV');
  await expect(page.getByTestId('export-xlsx')).toHaveText('Descargar Excel');
  const board = await downloadFrom(page, 'export-xlsx');
  expect(board.suggestedFilename()).toMatch(new RegExp(`^registros_${event.slug}_\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
  expect((await headerOf(board))[0]).toBe('Nombre');
  expect((await downloadFrom(page, 'export-csv')).suggestedFilename()).toMatch(/\.csv$/);
  await expectScreenOkAtBothWidths(page, 'board-exports', shots);

  // A program's registrations (the modal).
  const programa = await createProgramViaApi(request, token, { nombre: `Programa Excel ${Date.now()}` });
  const { nombre } = programa; // stored in capitals
  await applyViaApi(request, programa.slug, uniqueEmail('solicitante-excel'));
  await page.goto('/programas-servicios');
  await page
    .getByTestId('program-row')
    .filter({ has: page.getByText(nombre, { exact: true }) })
    .getByTestId('view-registrations')
    .click();
  const modal = page.getByRole('dialog', { name: `Registros - ${nombre}` });
  await expect(modal.getByTestId('export-xlsx')).toBeEnabled();
  const program = await downloadFrom(page, 'export-xlsx');
  expect(program.suggestedFilename()).toMatch(/^registros_.*\.xlsx$/);
  expect(await headerOf(program)).toHaveLength(21);
  await expectScreenOkAtBothWidths(page, 'program-exports', shots);
  await page.keyboard.press('Escape');

  // The refused rows of an import of people.
  await page.goto('/personas');
  await page.getByTestId('open-import').click();
  const importModal = page.getByRole('dialog', { name: 'Importar CSV' });
  await importModal.getByTestId('import-file-input').setInputFiles({
    name: 'personas-excel.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('nombre,contacto\nPersona Sin Telefono Excel,12\n', 'utf8'),
  });
  await importModal.getByTestId('import-submit').click();
  await expect(importModal.getByTestId('import-result')).toContainText('Importación completada', { timeout: 30_000 });
  await expect(importModal.getByTestId('import-download-errors-xlsx')).toHaveText('Descargar Excel');
  const refused = await downloadFrom(page, 'import-download-errors-xlsx');
  expect(refused.suggestedFilename()).toMatch(/^errores_importacion_.*\.xlsx$/);
  expect(await headerOf(refused)).toEqual(['Fila', 'Motivo']);
  await expectScreenOkAtBothWidths(page, 'import-exports', shots);
  await context.close();
});
