import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, linkFromMail, openLive, staffAndCitizen, uniqueEmail, expectScreenOkAtBothWidths, shotsFolder } from '../setup/browser';
import { createProgramViaApi, applyViaApi, fillApplication, programApplication } from './programs-helpers';
import { actOnLinkPage } from './link-pages-helpers';

/**
 * The waitlist of programs in the browser: a full program's page offers its waitlist with the same form; the join is
 * confirmed by the link of its message before it takes a place in line; staff free a
 * place in the registrations modal and watch the waitlist panel move live; the offer message's own link (read through
 * the staff 'Correos' API, as the citizen would get it) opens the accept page; accepting registers the application.
 * Each screen at 1280 and 360 px, axe clean. AFORO_SHOTS=1 also saves the screenshots (AFORO_SHOTS_DIR or
 * /tmp/shots-program-waitlist).
 */

const SHOTS = shotsFolder('program-waitlist');

/** The screen at 360 and 1280 px, axe clean, no sideways scroll (and its PNGs with AFORO_SHOTS=1). */
const checkScreen = (page: Page, name: string) => expectScreenOkAtBothWidths(page, name, SHOTS);

/** The program's link pages: clicked, their shots prefixed; the person on the waitlist is Luis. */
const asProgram = { shots: SHOTS, shotPrefix: 'program-', click: true, name: /^luis$/i };

test('full program → waitlist; staff cancel a registration in the modal; the offer mail link → accept page → registered; the panel follows live', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await apiToken(request);
  const nombre = `TALLER DE EXPORTACIÓN ${Date.now()}`;
  const programa = await createProgramViaApi(request, token, {
    nombre,
    descripcion: 'Asesoría para vender fuera del país.',
    max_participantes: 1,
  });
  const firstEmail = uniqueEmail('primera');
  await applyViaApi(request, programa.slug, firstEmail);

  const { staff, citizenContext, citizen, close } = await staffAndCitizen(browser, token);
  try {
    // The full program offers its waitlist, with the same form.
    await openLive(citizen, `/programas/${programa.slug}`, 'public-program');
    await expect(citizen.getByTestId('program-full')).toBeVisible();
    await expect(citizen.getByTestId('program-full-waitlist-count')).toHaveText('Nadie en la lista de espera');
    await checkScreen(citizen, 'public-program-waitlist-form');
    const waitingEmail = uniqueEmail('espera');
    /** The link in the waitlist message `template` the waiting citizen got, as they got it. */
    const mailedLink = (template: string, path: string) =>
      linkFromMail(request, token, { refType: 'programa', refId: programa.id, template, email: waitingEmail, path });
    const form = citizen.getByTestId('program-waitlist-form');
    await expect(form.getByRole('heading', { name: 'Lista de Espera' })).toBeVisible();
    await fillApplication(form, {
      ...programApplication(waitingEmail, 'luis'),
      apellido_paterno: 'treviño',
      apellido_materno: 'salinas',
      fecha_nacimiento: '1994-02-11',
      calle: 'Morelos',
      numero: '45',
      colonia: 'Centro',
    });
    await form.getByRole('button', { name: 'Unirme a la lista de espera' }).click();
    await expect(citizen.getByTestId('program-waitlist-success')).toBeVisible();
    await expect(citizen.getByRole('heading', { name: 'Revisa tu correo' })).toBeFocused();
    await expect(citizen.getByTestId('program-waitlist-success-message')).toHaveText(
      'Te enviamos un correo para confirmar tu lugar en la lista de espera. Revisa tu bandeja de entrada (y la de correo no deseado).',
    );
    // Not in line until the address is confirmed: the count does not move.
    await expect(citizen.getByTestId('program-waitlist-count')).toHaveText('Nadie en la lista de espera');
    await checkScreen(citizen, 'public-program-waitlist-joined');

    // The join message's link, as the citizen gets it: the confirm page, then in line (the public count follows live).
    const publicPage = await citizenContext.newPage();
    await openLive(publicPage, `/programas/${programa.slug}`, 'public-program');
    const confirmLink = await mailedLink('programa.lista-espera-confirmar', '/lista-espera/programa/confirmar/');
    await citizen.goto(confirmLink);
    await actOnLinkPage(citizen, 'confirm', {
      ...asProgram,
      also: async () => {
        await expect(citizen.getByTestId('confirm-page')).toContainText(nombre);
        await expect(citizen.getByTestId('confirm-until')).toContainText(/\d{1,2}:\d{2}\s[ap]\.\sm\./);
      },
    });
    await expect(publicPage.getByTestId('program-waitlist-count')).toHaveText('1 persona en la lista de espera');
    // The same link again: the outcome, nothing new. An event's page does not take a program's token.
    await citizen.goto(confirmLink);
    await expect(citizen.getByTestId('confirm-done')).toBeVisible();
    await citizen.goto(confirmLink.replace('/lista-espera/programa/confirmar/', '/lista-espera/confirmar/'));
    await expect(citizen.getByRole('heading', { name: 'Enlace no válido' })).toBeVisible();

    // Staff: the registrations modal shows the line below the registrations.
    await staff.page.goto('/programas-servicios');
    const row = staff.page.getByTestId('program-row').filter({ has: staff.page.getByText(nombre, { exact: true }) });
    await row.getByTestId('view-registrations').click();
    const modal = staff.page.getByRole('dialog', { name: `Registros - ${nombre}` });
    const entry = modal.getByTestId('waitlist-entry');
    await expect(entry).toHaveCount(1);
    await expect(entry).toHaveAttribute('data-status', 'waiting');
    await expect(entry).toContainText('luis treviño salinas');
    await checkScreen(staff.page, 'staff-program-waitlist');

    // Staff cancel the one registration: the place is offered to the first in line, held (still full for the public).
    const regRow = modal.getByTestId('registration-row').filter({ hasText: firstEmail.toUpperCase() });
    await regRow.getByTestId('registration-status').selectOption('cancelado');
    await expect(entry).toHaveAttribute('data-status', 'offered');
    await expect(entry.getByTestId('waitlist-offered-until')).toContainText(
      /Apartado hasta el \d{1,2} de \p{L}+ de \d{4}, \d{1,2}:\d{2}\s[ap]\.\sm\./u,
    );
    await expect(modal.getByTestId('registrations-count')).toContainText('1 apartado');
    await expect(publicPage.getByTestId('program-places-left')).toHaveText('0');
    await checkScreen(staff.page, 'staff-program-waitlist-offer');

    // The offer message's link, as the citizen gets it.
    const link = await mailedLink('programa.lista-espera-oferta', '/lista-espera/programa/aceptar/');
    await citizen.goto(link);
    await actOnLinkPage(citizen, 'accept', {
      ...asProgram,
      also: async () => {
        const page = citizen.getByTestId('accept-page');
        await expect(page).toContainText(nombre);
        await expect(page).toContainText('Programa continuo');
        await expect(page).not.toContainText(waitingEmail.toUpperCase());
        await expect(citizen.getByTestId('offer-until')).toContainText(/\d{1,2}:\d{2}\s[ap]\.\sm\./);
      },
    });

    // The modal: the application arrives (pendiente), the line empties — without a reload.
    await expect(
      modal.getByTestId('registration-row').filter({ hasText: waitingEmail.toUpperCase() }).getByTestId('registration-status'),
    ).toHaveValue('pendiente');
    await expect(modal.getByTestId('waitlist-empty')).toBeVisible();

    // The same link again: a clear page.
    await citizen.goto(link);
    await expect(citizen.getByRole('heading', { name: 'Este enlace ya se usó' })).toBeVisible();
    await expect(citizen.getByTestId('link-problem-message')).toHaveText('Ya aceptaste este lugar: tu solicitud fue registrada.');
    // An event's page does not take a program's token.
    await citizen.goto(link.replace('/lista-espera/programa/aceptar/', '/lista-espera/aceptar/'));
    await expect(citizen.getByRole('heading', { name: 'Enlace no válido' })).toBeVisible();
  } finally {
    await close();
  }
});
