import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  apiToken,
  bearer,
  linkFromMail,
  openLive,
  staffAndCitizen,
  uniqueEmail,
  expectScreenOkAtBothWidths,
  shotsFolder,
  signLink,
} from '../setup/browser';
import { createEventViaApi, fillRegistration, registerViaApi, registrationRow } from './external-events-helpers';
import { actOnLinkPage, pressWithKeyboard } from './link-pages-helpers';

/**
 * The links a citizen follows, in the browser: the waitlist form of a full event, its confirm page, the cancel page (live on the staff board and
 * the public page), the offer page, the link-problem pages and the staff waitlist panel — each at 1280 and 360 px,
 * axe clean, used with the keyboard. AFORO_SHOTS=1 also saves the screenshots (AFORO_SHOTS_DIR or /tmp/shots-citizen).
 */

const SHOTS = shotsFolder('citizen');

/** The screen at 360 and 1280 px, axe clean, no sideways scroll (and its PNGs with AFORO_SHOTS=1). */
const checkScreen = (page: Page, name: string) => expectScreenOkAtBothWidths(page, name, SHOTS);

test('full event → waitlist; cancel by link frees the place live and offers it; the offer is accepted; bad links get clear pages', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await apiToken(request);
  const event = await createEventViaApi(request, token, { title: `Taller de Exportación ${Date.now()}`, max_attendees: 1 });
  const firstEmail = uniqueEmail('primero');
  await registerViaApi(request, event.slug, { nombre: 'ROSA', apellido_paterno: 'CANTÚ', apellido_materno: 'LEAL', email: firstEmail });
  const [registration] = (
    (await (await request.get(`/api/eventos-externos/${event.id}/registrations`, { headers: bearer(token) })).json()) as {
      registrations: Array<{ id: number; codigo: string }>;
    }
  ).registrations;
  expect(registration.codigo).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{8}$/);

  const { staff, citizenContext, citizen, close } = await staffAndCitizen(browser, token);
  try {
    // The full event offers the waitlist, with the same form.
    await openLive(citizen, `/eventos/${event.slug}`, 'public-event');
    await expect(citizen.getByTestId('event-full')).toBeVisible();
    await expect(citizen.getByTestId('waitlist-count')).toHaveText('Nadie en la lista de espera');
    await checkScreen(citizen, 'public-event-waitlist-form');
    const waitingEmail = uniqueEmail('espera');
    const form = citizen.getByTestId('waitlist-form');
    const luis = { nombre: 'luis', paterno: 'treviño', materno: 'salinas', email: waitingEmail };
    await fillRegistration(citizen, { ...luis, birth: '1994-02-11', phone: '8187654321', tipo: 'Emprendedor' }, form);
    await form.getByLabel('Tipo de participante').focus();
    await pressWithKeyboard(citizen, 'waitlist-submit');
    await expect(citizen.getByTestId('waitlist-success')).toBeVisible();
    await expect(citizen.getByRole('heading', { name: 'Revisa tu correo' })).toBeFocused();
    // Not in line until the address is confirmed: the count does not move, staff see nobody.
    await expect(citizen.getByTestId('places-waitlist')).toHaveText('Nadie en la lista de espera');
    await checkScreen(citizen, 'public-event-waitlist-joined');
    await staff.page.goto(`/eventos-externos/${event.id}/registros`);
    await expect(staff.page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
    await expect(staff.page.getByTestId('waitlist-empty')).toBeVisible();

    // The join message's link, as the citizen gets it (read through the Correos API): confirmed, in line.
    const confirmLink = await linkFromMail(request, token, {
      refType: 'evento-externo',
      refId: event.id,
      template: 'lista-espera.confirmar',
      email: waitingEmail,
      path: '/lista-espera/confirmar/',
    });
    await citizen.goto(confirmLink);
    await actOnLinkPage(citizen, 'confirm', {
      shots: SHOTS,
      name: 'LUIS',
      also: () => expect(citizen.getByTestId('confirm-until')).toContainText(/\d{1,2}:\d{2}\s[ap]\.\sm\./),
    });

    // Staff see the line beside the registrations board, live.
    const entry = staff.page.getByTestId('waitlist-entry');
    await expect(entry).toHaveCount(1);
    await expect(entry).toHaveAttribute('data-status', 'waiting');
    await expect(entry).toContainText('LUIS TREVIÑO SALINAS');
    // The board's search finds a registration by its door code.
    await staff.page.getByTestId('registrations-search').fill(registration.codigo.toLowerCase());
    await expect(registrationRow(staff.page, firstEmail)).toBeVisible();
    await staff.page.getByTestId('registrations-search').fill('');
    await checkScreen(staff.page, 'staff-board-waitlist');

    // The citizen cancels by the link of their confirmation; the board and the public page follow live.
    const cancelToken = signLink('cancel-registration', registration.id, new Date(Date.now() + 20 * 86_400_000));
    const publicPage = await citizenContext.newPage();
    await openLive(publicPage, `/eventos/${event.slug}`, 'public-event');
    await citizen.goto(`/registro/cancelar/${cancelToken}`);
    await actOnLinkPage(citizen, 'cancel', {
      shots: SHOTS,
      name: 'ROSA',
      also: () => expect(citizen.getByTestId('cancel-page')).not.toContainText(firstEmail.toUpperCase()),
    });

    await expect(registrationRow(staff.page, firstEmail).getByTestId('registration-status')).toHaveText('Cancelado');
    await expect(entry).toHaveAttribute('data-status', 'offered');
    await expect(entry.getByTestId('waitlist-offered-until')).toContainText(
      /Apartado hasta el \d{1,2} de \p{L}+ de \d{4}, \d{1,2}:\d{2}\s[ap]\.\sm\./u,
    );
    // The place is held for the first in line: still full for everyone else.
    await expect(publicPage.getByTestId('places-left-count')).toHaveText('0');
    await expect(publicPage.getByTestId('event-full')).toBeVisible();
    await checkScreen(staff.page, 'staff-board-offer');

    // The same link again: a clear page, not an error.
    await citizen.goto(`/registro/cancelar/${cancelToken}`);
    await expect(citizen.getByTestId('link-problem')).toBeVisible();
    await expect(citizen.getByRole('heading', { name: 'Este enlace ya se usó' })).toBeVisible();
    await expect(citizen.getByTestId('link-problem-message')).toHaveText('Este registro ya fue cancelado.');
    await checkScreen(citizen, 'cancel-link-used');

    // Tampered and expired links.
    await citizen.goto(`/registro/cancelar/${cancelToken.slice(0, -2)}xx`);
    await expect(citizen.getByRole('heading', { name: 'Enlace no válido' })).toBeVisible();
    await expect(citizen.getByTestId('link-problem-message')).toHaveText(
      'El enlace no es válido. Revisa que esté completo, tal como llegó en tu correo.',
    );
    await checkScreen(citizen, 'cancel-link-tampered');

    // The offer: the staff list gives its id; the link is valid until the offer's end.
    const { entries } = (await (await request.get(`/api/eventos-externos/${event.id}/waitlist`, { headers: bearer(token) })).json()) as {
      entries: Array<{ id: number; offered_until: string }>;
    };
    const offer = entries[0];
    const expiredOffer = signLink('accept-waitlist-offer', offer.id, new Date(Date.now() - 60_000));
    await citizen.goto(`/lista-espera/aceptar/${expiredOffer}`);
    await expect(citizen.getByRole('heading', { name: 'Este enlace ya expiró' })).toBeVisible();
    await checkScreen(citizen, 'accept-link-expired');

    const acceptToken = signLink('accept-waitlist-offer', offer.id, new Date(offer.offered_until));
    await citizen.goto(`/lista-espera/aceptar/${acceptToken}`);
    await actOnLinkPage(citizen, 'accept', {
      shots: SHOTS,
      name: 'LUIS',
      also: () => expect(citizen.getByTestId('offer-until')).toContainText(/\d{1,2}:\d{2}\s[ap]\.\sm\./),
    });

    // The board: the new registration arrives, the line empties.
    await expect(registrationRow(staff.page, waitingEmail).getByTestId('registration-status')).toHaveText('Registrado');
    await expect(staff.page.getByTestId('waitlist-empty')).toBeVisible();

    await citizen.goto(`/lista-espera/aceptar/${acceptToken}`);
    await expect(citizen.getByRole('heading', { name: 'Este enlace ya se usó' })).toBeVisible();
    await expect(citizen.getByTestId('link-problem-message')).toHaveText('Ya aceptaste este lugar: tu registro está confirmado.');
  } finally {
    await close();
  }
});

test('staff remove someone from the waitlist with the keyboard; the panel and the public count update live', async ({
  browser,
  request,
}) => {
  const token = await apiToken(request);
  const event = await createEventViaApi(request, token, { title: `Foro Pyme ${Date.now()}`, max_attendees: 1 });
  await registerViaApi(request, event.slug, {
    nombre: 'ANA',
    apellido_paterno: 'GARZA',
    apellido_materno: 'PEÑA',
    email: uniqueEmail('ana'),
  });
  for (const nombre of ['MARTA', 'JORGE']) {
    const email = uniqueEmail(nombre.toLowerCase());
    const res = await request.post(`/api/eventos/${event.slug}/waitlist`, {
      data: {
        nombre,
        apellido_paterno: 'VILLARREAL',
        apellido_materno: 'SADA',
        fecha_nacimiento: '1988-07-09',
        phone: '8112345678',
        email,
        tipo_participante: 'Empresario',
      },
    });
    expect(res.status(), await res.text()).toBe(202);
    const confirmLink = await linkFromMail(request, token, {
      refType: 'evento-externo',
      refId: event.id,
      template: 'lista-espera.confirmar',
      email,
      path: '/lista-espera/confirmar/',
    });
    expect((await request.post(`/api${confirmLink}`)).status()).toBe(200);
  }
  const { staff, citizen, close } = await staffAndCitizen(browser, token);
  try {
    await openLive(citizen, `/eventos/${event.slug}`, 'public-event');
    await expect(citizen.getByTestId('places-waitlist')).toHaveText('2 personas en la lista de espera');

    await staff.page.goto(`/eventos-externos/${event.id}/registros`);
    await expect(staff.page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'joined');
    await expect(staff.page.getByTestId('waitlist-entry')).toHaveCount(2);
    staff.page.once('dialog', (d) => void d.accept());
    const remove = staff.page
      .getByTestId('waitlist-entry')
      .first()
      .getByRole('button', { name: /^Quitar a MARTA VILLARREAL SADA$/ });
    await remove.focus();
    await staff.page.keyboard.press('Enter');
    await expect(staff.page.getByTestId('waitlist-entry')).toHaveCount(1);
    await expect(staff.page.getByTestId('waitlist-entry')).toContainText('JORGE');
    await expect(citizen.getByTestId('places-waitlist')).toHaveText('1 persona en la lista de espera');
  } finally {
    await close();
  }
});
