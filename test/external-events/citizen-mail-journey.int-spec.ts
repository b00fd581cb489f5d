import { createEvent, joinEventWaitlist, registerForEvent, registrationBody } from '../factories/external-events';
import { MAILED_PUBLIC_URL as PUBLIC, mailedApp } from '../setup/mailed-app';
import { eventually } from '../setup/test-app';

/**
 * The citizen's whole journey through the real pipeline (registration → confirmation received by a
 * real SMTP server → its cancel link followed → the freed place offered by mail to the first in line, who had
 * confirmed their join by its own message → the offer's link accepted), every link taken from the message as
 * received, never built by the test.
 */
describe("a citizen's journey by e-mail: confirmation, cancel by its link, the place goes to the first in line", () => {
  const app = mailedApp({ PUBLIC_WRITE_LIMIT_PER_MINUTE: '1000', WAITLIST_JOIN_LIMIT_PER_MINUTE: '1000' });

  const received = async (email: string, subject: RegExp) => {
    const [m] = await eventually(
      async () => {
        const mine = app.sink.received.filter((r) => r.envelope.to.some((to) => to.toLowerCase() === email.toLowerCase()));
        const parsed = await Promise.all(mine.map((r) => r.parse()));
        return parsed.filter((p) => subject.test(p.subject ?? ''));
      },
      (list) => list.length === 1,
      60_000,
    );
    return m;
  };
  /** The one link of the message that starts with this public path (from the text part, as a reader would see it). */
  const linkIn = (text: string, path: string) => {
    const links = [...text.matchAll(new RegExp(`${PUBLIC.replace(/\./g, '\\.')}${path}[A-Za-z0-9._-]+`, 'g'))].map((m) => m[0]);
    expect(new Set(links).size).toBe(1);
    return links[0].slice(PUBLIC.length);
  };

  it('registers, receives the confirmation with the code, cancels by its link; the one waiting gets the offer and accepts it', async () => {
    const e = await createEvent(app.t, app.admin, { max_attendees: 1, end_date: null, title: 'Concierto en la Macroplaza' });
    expect((await registerForEvent(app.t, e.slug, registrationBody(1))).status).toBe(201);
    // Full: the next citizen joins the waitlist, and takes a place in line by the link mailed to the address.
    expect((await registerForEvent(app.t, e.slug, registrationBody(2))).status).toBe(409);
    expect((await joinEventWaitlist(app.t, e.slug, registrationBody(2))).status).toBe(202);
    const join = await received('persona2@correo.mx', /^Confirma tu lugar en la lista de espera: Concierto en la Macroplaza$/);
    const confirmToken = linkIn(join.text ?? '', '/lista-espera/confirmar/')
      .split('/')
      .pop()!;
    expect((await app.t.http().post(`/api/lista-espera/confirmar/${confirmToken}`)).status).toBe(200);

    const confirmation = await received('persona1@correo.mx', /^Registro confirmado: Concierto en la Macroplaza$/);
    const [{ codigo }] = await app.t.query<{ codigo: string }>(`SELECT codigo FROM external_registrations WHERE event_id = $1`, [e.id]);
    expect(confirmation.text).toContain(codigo);
    expect(confirmation.attachments.map((a) => a.contentType)).toEqual(expect.arrayContaining(['image/png', 'text/calendar']));
    const cancelPath = linkIn(confirmation.text ?? '', '/registro/cancelar/');

    // The cancel page's API shows what is cancelled, then cancels; the place goes to the first in line, held.
    const token = cancelPath.split('/').pop()!;
    const shown = await app.t.http().get(`/api/registros/cancelar/${token}`);
    expect(shown.status).toBe(200);
    expect(JSON.stringify(shown.body)).toContain('Concierto en la Macroplaza');
    expect((await app.t.http().post(`/api/registros/cancelar/${token}`)).status).toBe(200);
    expect((await app.t.http().post(`/api/registros/cancelar/${token}`)).status).toBe(409);
    const [counts] = await app.t.query<{ current: number; held: number }>(
      `SELECT current_attendees AS current, held_places AS held FROM external_events WHERE id = $1`,
      [e.id],
    );
    expect(counts).toEqual({ current: 0, held: 1 });
    // Nobody else takes the held place.
    expect((await registerForEvent(app.t, e.slug, registrationBody(3))).status).toBe(409);

    const offer = await received('persona2@correo.mx', /^Se liberó un lugar para ti: Concierto en la Macroplaza$/);
    const acceptToken = linkIn(offer.text ?? '', '/lista-espera/aceptar/')
      .split('/')
      .pop()!;
    expect((await app.t.http().post(`/api/lista-espera/aceptar/${acceptToken}`)).status).toBe(201);
    const [after] = await app.t.query<{ current: number; held: number }>(
      `SELECT current_attendees AS current, held_places AS held FROM external_events WHERE id = $1`,
      [e.id],
    );
    expect(after).toEqual({ current: 1, held: 0 });
    // The new registrant gets their own confirmation.
    await received('persona2@correo.mx', /^Registro confirmado: /);
  });
});
