import { SignedLinks } from '../../api/src/core/links/signed-links';
import { ROOMS } from '../../api/src/shared/events/socket-events';
import { createEvent, registrationBody, registerForEvent } from '../factories/external-events';
import { applicationBody, createPrograma, registerForProgram } from '../factories/programs';
import { eventually, nextPush, TestApp, signedInApp } from '../setup/test-app';

const PERSONAL = /nombre|apellido|email|phone|curp|fecha_nacimiento|codigo|@|GARZA|PEÑA|811\d{7}/i;

interface Place {
  current: number;
  held: number;
  waiting: number;
  registered: number;
  offered: number;
}

/** The event's counters and what the rows say: they must always agree. */
async function places(t: TestApp, eventId: number): Promise<Place & { max: number }> {
  const [row] = await t.query<Place & { max: number }>(
    `SELECT e.max_attendees AS max, e.current_attendees AS current, e.held_places AS held, e.waitlist_count AS waiting,
            (SELECT count(*)::int FROM external_registrations r WHERE r.event_id = e.id AND r.status <> 'cancelled') AS registered,
            (SELECT count(*)::int FROM external_waitlist w WHERE w.event_id = e.id AND w.status = 'offered') AS offered
       FROM external_events e WHERE e.id = $1`,
    [eventId],
  );
  expect(row.current).toBe(row.registered);
  expect(row.held).toBe(row.offered);
  expect(row.current + row.held).toBeLessThanOrEqual(row.max);
  return row;
}

const join = (t: TestApp, slug: string, i: number, overrides: Record<string, unknown> = {}) =>
  t.http().post(`/api/eventos/${slug}/waitlist`).send(registrationBody(i, overrides));

/** What every well-formed join of a full event answers, whoever the address is (issue 29 §1.4). */
const JOIN_SENT = {
  message: 'Te enviamos un correo para confirmar tu lugar en la lista de espera. Revisa tu bandeja de entrada (y la de correo no deseado).',
};

/** The confirm link the join's message carries (signed as the renderer signs it: the entry, until confirm_until). */
async function confirmToken(t: TestApp, id: number): Promise<string> {
  const [row] = await t.query<{ confirm_until: Date }>(`SELECT confirm_until FROM external_waitlist WHERE id = $1`, [id]);
  return t.app.get(SignedLinks).sign('confirm-waitlist-join', id, row.confirm_until);
}

/** Joins and follows the confirm link: the person is in line. */
async function joinConfirmed(t: TestApp, e: { id: number; slug: string }, i: number): Promise<number> {
  await join(t, e.slug, i).expect(202);
  const id = await entryId(t, e.id, i);
  await t
    .http()
    .post(`/api/lista-espera/confirmar/${await confirmToken(t, id)}`)
    .expect(200);
  return id;
}

async function entryId(t: TestApp, eventId: number, i: number): Promise<number> {
  const [row] = await t.query<{ id: number }>(
    `SELECT id FROM external_waitlist WHERE event_id = $1 AND email = $2 ORDER BY id DESC LIMIT 1`,
    [eventId, `PERSONA${i}@CORREO.MX`],
  );
  return row.id;
}

async function offerOf(t: TestApp, id: number): Promise<{ status: string; offered_until: Date | null; offer_count: number }> {
  const [row] = await t.query<{ status: string; offered_until: Date | null; offer_count: number }>(
    `SELECT status, offered_until, offer_count FROM external_waitlist WHERE id = $1`,
    [id],
  );
  return row;
}

/** A full event (capacity n, n registrations) with people waiting. */
async function fullEventWithLine(t: TestApp, admin: string, capacity: number, waiting: number, base: number) {
  const e = await createEvent(t, admin, { max_attendees: capacity });
  const registrations: number[] = [];
  for (let i = 0; i < capacity; i++)
    registrations.push((await registerForEvent(t, e.slug, registrationBody(base + i)).expect(201)).body.registration.id);
  for (let i = 0; i < waiting; i++) await joinConfirmed(t, e, base + 100 + i);
  return { e, registrations };
}

describe('waitlist of an external event (issue 22 §4), 24 h offers', () => {
  let t: TestApp;
  let admin: string;
  let links: SignedLinks;
  signedInApp(
    (s) => {
      ({ t, admin } = s);
      links = t.app.get(SignedLinks);
    },
    { env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000', WAITLIST_JOIN_LIMIT_PER_MINUTE: '100000' } },
  );
  const acceptToken = async (id: number) => links.sign('accept-waitlist-offer', id, (await offerOf(t, id)).offered_until!);
  const cancelToken = (id: number) => links.sign('cancel-registration', id, new Date('2027-03-15T16:00:00.000Z'));

  it('joining: only when full, same rules as the form; one answer for every address; the place in line only once confirmed', async () => {
    const e = await createEvent(t, admin, { max_attendees: 1 });
    const early = await join(t, e.slug, 1).expect(409);
    expect(early.body).toMatchObject({ message: 'Aún hay lugares disponibles: regístrate directamente.', code: 'PLACES_AVAILABLE' });
    await registerForEvent(t, e.slug, registrationBody(1)).expect(201);

    const bad = await t
      .http()
      .post(`/api/eventos/${e.slug}/waitlist`)
      .send({ ...registrationBody(2), phone: '123', extra: 1 })
      .expect(422);
    expect(bad.body.errors).toEqual({
      phone: ['El teléfono debe tener exactamente 10 dígitos.'],
      extra: ['El campo extra no está permitido.'],
    });

    // A new address, the same address again (pending), an address already registered: one answer.
    const fresh = await join(t, e.slug, 2).expect(202);
    const again = await join(t, e.slug, 2, { email: ' Persona2@Correo.MX ', nombre: 'OTRO NOMBRE' }).expect(202);
    const registered = await join(t, e.slug, 1).expect(202);
    for (const res of [fresh, again, registered]) expect(res.body).toEqual(JOIN_SENT);
    await join(t, 'no-existe', 3).expect(404);

    // Pending: one entry, not counted, not on the staff list; one confirmation message to the address.
    const pending = await entryId(t, e.id, 2);
    const [entry] = await t.query<{ status: string; confirmed_at: Date | null; confirm_until: Date; n: number }>(
      `SELECT status, confirmed_at, confirm_until, (SELECT count(*)::int FROM external_waitlist WHERE event_id = $1) AS n
         FROM external_waitlist WHERE id = $2`,
      [e.id, pending],
    );
    expect(entry).toMatchObject({ status: 'pending', confirmed_at: null, n: 1 });
    const hours = (entry.confirm_until.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(2.9);
    expect(hours).toBeLessThanOrEqual(3);
    expect(await places(t, e.id)).toMatchObject({ current: 1, held: 0, waiting: 0 });
    expect((await t.as(admin).get(`/api/eventos-externos/${e.id}/waitlist`).expect(200)).body.entries).toEqual([]);
    const mails = await t.query<{ idempotency_key: string; to_email: string; data: Record<string, unknown> }>(
      `SELECT idempotency_key, to_email, data FROM correos WHERE template = 'lista-espera.confirmar' AND ref_id = $1 ORDER BY id`,
      [e.id],
    );
    expect(mails).toEqual([
      {
        idempotency_key: `lista-espera.confirmar:${pending}`,
        to_email: 'persona2@correo.mx',
        data: {
          motivo: 'confirmar',
          entrada_id: pending,
          confirmar_hasta: entry.confirm_until.toISOString(),
          nombre: 'JOSÉ ÁNGEL',
          evento_id: e.id,
          slug: e.slug,
          evento: expect.objectContaining({ titulo: e.title }),
        },
      },
      // The registered address hears that it needs nothing (its registrant's own name, never the asker's).
      {
        idempotency_key: expect.stringMatching(/^lista-espera\.ya-registrado:\d+:\d{10}$/),
        to_email: 'persona1@correo.mx',
        data: {
          motivo: 'ya-registrado',
          nombre: 'JOSÉ ÁNGEL',
          evento_id: e.id,
          slug: e.slug,
          evento: expect.objectContaining({ titulo: e.title }),
        },
      },
    ]);

    // The confirm page, then the confirmation: in line, counted, on the staff list; twice changes nothing.
    const token = await confirmToken(t, pending);
    const view = await t.http().get(`/api/lista-espera/confirmar/${token}`).expect(200);
    expect(view.body).toEqual({
      nombre: 'JOSÉ ÁNGEL',
      evento: expect.objectContaining({ titulo: e.title, slug: e.slug }),
      confirmar_hasta: entry.confirm_until.toISOString(),
      confirmada: false,
    });
    const confirmed = await t.http().post(`/api/lista-espera/confirmar/${token}`).expect(200);
    expect(confirmed.body).toEqual({ message: 'Confirmaste tu correo: ya estás en la lista de espera.' });
    const twice = await t.http().post(`/api/lista-espera/confirmar/${token}`).expect(200);
    expect(twice.body).toEqual({ message: 'Tu lugar en la lista de espera ya estaba confirmado.' });
    expect((await t.http().get(`/api/lista-espera/confirmar/${token}`).expect(200)).body.confirmada).toBe(true);
    expect(await places(t, e.id)).toMatchObject({ current: 1, held: 0, waiting: 1 });
    const [{ joined }] = await t.query<{ joined: number }>(
      `SELECT count(*)::int AS joined FROM domain_events WHERE type = 'waitlist.joined' AND resource_id = $1`,
      [String(pending)],
    );
    expect(joined).toBe(1);

    // Already waiting: still the same answer, and nothing new.
    expect((await join(t, e.slug, 2).expect(202)).body).toEqual(JOIN_SENT);
    const [counted] = await t.query<{ entries: number; messages: number }>(
      `SELECT (SELECT count(*)::int FROM external_waitlist WHERE event_id = $1) AS entries,
              (SELECT count(*)::int FROM correos WHERE template = 'lista-espera.confirmar' AND ref_id = $1) AS messages`,
      [e.id],
    );
    expect(counted).toEqual({ entries: 1, messages: 2 });

    const page = await t.http().get(`/api/eventos/${e.slug}`).expect(200);
    expect(page.body.event).toMatchObject({ max_attendees: 1, current_attendees: 1, held_places: 0, waitlist_count: 1 });
    expect(JSON.stringify(page.body)).not.toMatch(/PERSONA2/);
  });

  it('50 parallel joins with one e-mail, then 50 parallel confirms: one entry, one message, in line once (the database decides)', async () => {
    const { e } = await fullEventWithLine(t, admin, 1, 0, 50);
    const results = await Promise.all(Array.from({ length: 50 }, () => join(t, e.slug, 77)));
    expect(results.filter((r) => r.status === 202)).toHaveLength(50);
    const [created] = await t.query<{ n: number; mails: number }>(
      `SELECT (SELECT count(*)::int FROM external_waitlist WHERE event_id = $1) AS n,
              (SELECT count(*)::int FROM correos WHERE template = 'lista-espera.confirmar' AND ref_id = $1) AS mails`,
      [e.id],
    );
    expect(created).toEqual({ n: 1, mails: 1 });
    const token = await confirmToken(t, await entryId(t, e.id, 77));
    const confirms = await Promise.all(Array.from({ length: 50 }, () => t.http().post(`/api/lista-espera/confirmar/${token}`)));
    expect(confirms.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(confirms.filter((r) => r.body.message === 'Confirmaste tu correo: ya estás en la lista de espera.')).toHaveLength(1);
    expect((await places(t, e.id)).waiting).toBe(1);
    const [{ joined }] = await t.query<{ joined: number }>(
      `SELECT count(*)::int AS joined FROM domain_events WHERE type = 'waitlist.joined' AND payload->>'event_id' = $1`,
      [String(e.id)],
    );
    expect(joined).toBe(1);
  });

  it('an unconfirmed join holds nothing and is never offered a place; the line goes by confirmation time', async () => {
    const { e, registrations } = await fullEventWithLine(t, admin, 1, 0, 600);
    // A joins first but does not confirm (yet); B joins after and confirms.
    await join(t, e.slug, 700).expect(202);
    const a = await entryId(t, e.id, 700);
    const b = await joinConfirmed(t, e, 701);
    const listed = async () =>
      (await t.as(admin).get(`/api/eventos-externos/${e.id}/waitlist`).expect(200)).body.entries.map((x: { id: number }) => x.id);
    expect(await listed()).toEqual([b]);

    // A place frees: it goes to B (confirmed), never to A (pending), although A joined first.
    await t
      .http()
      .post(`/api/registros/cancelar/${cancelToken(registrations[0])}`)
      .expect(200);
    expect((await offerOf(t, b)).status).toBe('offered');
    expect((await offerOf(t, a)).status).toBe('pending');
    const offers = await t.query<{ entrada: string }>(
      `SELECT data->>'entrada_id' AS entrada FROM correos WHERE template = 'lista-espera.oferta' AND ref_id = $1`,
      [e.id],
    );
    expect(offers).toEqual([{ entrada: String(b) }]);
    expect(await places(t, e.id)).toMatchObject({ current: 0, held: 1, waiting: 0 });

    // C confirms, then A: the line is B (offered), C, A — by confirmation, not by joining.
    const c = await joinConfirmed(t, e, 702);
    await t
      .http()
      .post(`/api/lista-espera/confirmar/${await confirmToken(t, a)}`)
      .expect(200);
    expect(await listed()).toEqual([b, c, a]);
    await t.as(admin).delete(`/api/eventos-externos/${e.id}/waitlist/${b}`).expect(200);
    expect((await offerOf(t, c)).status).toBe('offered');
    expect((await offerOf(t, a)).status).toBe('waiting');
  });

  it('a cancellation offers the freed place to the first in line, held (nobody else can take it), with its message queued', async () => {
    const { e, registrations } = await fullEventWithLine(t, admin, 2, 3, 1000);
    const first = await entryId(t, e.id, 1100);
    const board = await t.socket(admin);
    await t.join(board, ROOMS.externalEvent(e.id));
    const anon = await t.socket();
    await t.join(anon, ROOMS.publicEvent(e.id));
    const offeredPush = nextPush(board, 'waitlist.entry', undefined, (m) => m.data.entry.status === 'offered');
    const publicCounts = nextPush(anon, 'event.counts', undefined, (m) => m.data.counts[0].held_places === 1);

    await t
      .http()
      .post(`/api/registros/cancelar/${cancelToken(registrations[0])}`)
      .expect(200);
    const offer = await offerOf(t, first);
    expect(offer.status).toBe('offered');
    const hours = (offer.offered_until!.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(await places(t, e.id)).toMatchObject({ current: 1, held: 1, waiting: 2 });
    expect((await offeredPush).data.entry).toMatchObject({ id: first, status: 'offered', offer_count: 1 });
    const pub = await publicCounts;
    expect(pub.data.counts[0]).toMatchObject({ current_attendees: 1, held_places: 1, waitlist_count: 2 });
    expect(JSON.stringify(pub.data)).not.toMatch(PERSONAL);

    const [mail] = await t.query<{
      idempotency_key: string;
      to_email: string;
      to_name: string;
      data: Record<string, unknown>;
      ref_type: string;
      ref_id: number;
    }>(
      `SELECT idempotency_key, to_email, to_name, data, ref_type, ref_id FROM correos WHERE template = 'lista-espera.oferta' AND data->>'entrada_id' = $1`,
      [String(first)],
    );
    expect(mail).toEqual({
      idempotency_key: `lista-espera.oferta:${first}:1`,
      to_email: 'persona1100@correo.mx',
      to_name: 'JOSÉ ÁNGEL GARZA PEÑA',
      data: {
        entrada_id: first,
        evento_id: e.id,
        slug: e.slug,
        nombre: 'JOSÉ ÁNGEL',
        oferta_hasta: offer.offered_until!.toISOString(),
        evento: {
          titulo: e.title,
          inicio: '2027-03-15T16:00:00.000Z',
          fin: '2027-03-15T22:00:00.000Z',
          lugar: 'Parque Fundidora, Monterrey',
        },
      },
      ref_type: 'evento-externo',
      ref_id: e.id,
    });

    // The held place is not free: a registration burst takes nothing.
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => registerForEvent(t, e.slug, registrationBody(1500 + i))));
    expect(burst.every((r) => r.status === 409)).toBe(true);
    expect(await places(t, e.id)).toMatchObject({ current: 1, held: 1 });

    // GET shows the offer (first name only); accepting registers them and queues their confirmation.
    const token = await acceptToken(first);
    const view = await t.http().get(`/api/lista-espera/aceptar/${token}`).expect(200);
    expect(view.body).toEqual({
      nombre: 'JOSÉ ÁNGEL',
      evento: {
        titulo: e.title,
        slug: e.slug,
        event_date: '2027-03-15T16:00:00.000Z',
        end_date: '2027-03-15T22:00:00.000Z',
        location: 'Parque Fundidora, Monterrey',
      },
      oferta_hasta: offer.offered_until!.toISOString(),
    });
    const created = nextPush(board, 'registrations.created');
    const accepted = await t.http().post(`/api/lista-espera/aceptar/${token}`).expect(201);
    expect(accepted.body).toEqual({ message: '¡Registro Exitoso!', registration: { id: expect.any(Number), status: 'registered' } });
    expect((await created).data.registrations[0]).toMatchObject({ id: accepted.body.registration.id, email: 'PERSONA1100@CORREO.MX' });
    expect(await places(t, e.id)).toMatchObject({ current: 2, held: 0, waiting: 2 });
    const confirmations = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM correos WHERE idempotency_key = $1`, [
      `registro.confirmacion:${accepted.body.registration.id}`,
    ]);
    expect(confirmations[0].n).toBe(1);

    // Reused link: a clear answer; nothing changes.
    const reused = await t.http().post(`/api/lista-espera/aceptar/${token}`).expect(409);
    expect(reused.body).toMatchObject({ message: 'Ya aceptaste este lugar: tu registro está confirmado.', code: 'LINK_USED' });
    expect((await t.http().get(`/api/lista-espera/aceptar/${token}`)).status).toBe(409);
    expect(await places(t, e.id)).toMatchObject({ current: 2, held: 0, waiting: 2 });
  });

  it('50 parallel accepts of one offer → exactly one registration', async () => {
    const { e, registrations } = await fullEventWithLine(t, admin, 1, 2, 2000);
    await t
      .http()
      .post(`/api/registros/cancelar/${cancelToken(registrations[0])}`)
      .expect(200);
    const first = await entryId(t, e.id, 2100);
    const token = await acceptToken(first);
    const results = await Promise.all(Array.from({ length: 50 }, () => t.http().post(`/api/lista-espera/aceptar/${token}`)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(49);
    expect(await places(t, e.id)).toMatchObject({ current: 1, held: 0, registered: 1, waiting: 1 });
    const [{ n }] = await t.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM external_registrations WHERE event_id = $1 AND email = 'PERSONA2100@CORREO.MX'`,
      [e.id],
    );
    expect(n).toBe(1);
  });

  it('a cancellation racing an acceptance never holds a place twice nor loses one', async () => {
    for (let round = 0; round < 5; round++) {
      // capacity 2: A and B registered, X offered after A cancels; then B cancels while X accepts.
      const { e, registrations } = await fullEventWithLine(t, admin, 2, 3, 3000 + round * 1000);
      await t
        .http()
        .post(`/api/registros/cancelar/${cancelToken(registrations[0])}`)
        .expect(200);
      const x = await entryId(t, e.id, 3100 + round * 1000);
      const token = await acceptToken(x);
      const [cancel, accept] = await Promise.all([
        t.http().post(`/api/registros/cancelar/${cancelToken(registrations[1])}`),
        t.http().post(`/api/lista-espera/aceptar/${token}`),
      ]);
      expect([cancel.status, accept.status]).toEqual([200, 201]);
      // B's place went to the next in line (held), X is registered: 1 registered + 1 held, 1 still waiting.
      expect(await places(t, e.id)).toMatchObject({ current: 1, held: 1, waiting: 1 });
    }
  });

  it('registrations racing an offer never take the held place', async () => {
    const { e, registrations } = await fullEventWithLine(t, admin, 3, 1, 8000);
    const results = await Promise.all([
      t.http().post(`/api/registros/cancelar/${cancelToken(registrations[0])}`),
      ...Array.from({ length: 30 }, (_, i) => registerForEvent(t, e.slug, registrationBody(8500 + i))),
    ]);
    expect(results[0].status).toBe(200);
    const won = results.slice(1).filter((r) => r.status === 201).length;
    const p = await places(t, e.id);
    // Either a registration got in before the cancellation committed (then nothing was free) or the offer holds it.
    expect(won).toBe(0);
    expect(p).toMatchObject({ current: 2, held: 1, waiting: 0 });
  });

  it('staff deletion and a raised capacity offer places; staff see the line live and may remove (permissions checked)', async () => {
    const { e, registrations } = await fullEventWithLine(t, admin, 1, 4, 9000);
    const viewer = await t.createUser(admin, { email: 'viewer-waitlist@aforo.test', permissions: { eventos_externos: ['view'] } });
    const outsider = await t.createUser(admin, { email: 'outsider-waitlist@aforo.test', permissions: { personas: ['view'] } });

    const list = await t.as(viewer.token).get(`/api/eventos-externos/${e.id}/waitlist`).expect(200);
    expect(list.body.entries.map((x: { email: string; status: string }) => [x.email, x.status])).toEqual([
      ['PERSONA9100@CORREO.MX', 'waiting'],
      ['PERSONA9101@CORREO.MX', 'waiting'],
      ['PERSONA9102@CORREO.MX', 'waiting'],
      ['PERSONA9103@CORREO.MX', 'waiting'],
    ]);
    await t.as(outsider.token).get(`/api/eventos-externos/${e.id}/waitlist`).expect(403);
    await t.http().get(`/api/eventos-externos/${e.id}/waitlist`).expect(401);
    await t.as(admin).get(`/api/eventos-externos/999999/waitlist`).expect(404);

    await t.as(admin).delete(`/api/eventos-externos/${e.id}/registrations/${registrations[0]}`).expect(200);
    expect(await places(t, e.id)).toMatchObject({ current: 0, held: 1, waiting: 3 });

    const raised = await t.as(admin).put(`/api/eventos-externos/${e.id}`).send({
      title: e.title,
      description: 'Encuentro de empresas regiomontanas con buscadores de empleo.',
      event_date: '2027-03-15T16:00:00.000Z',
      end_date: '2027-03-15T22:00:00.000Z',
      location: 'Parque Fundidora, Monterrey',
      max_attendees: 3,
      status: 'published',
    });
    expect(raised.status).toBe(200);
    expect(await places(t, e.id)).toMatchObject({ current: 0, held: 3, waiting: 1 });

    // Lowering below registered + held is refused.
    const lowered = await t.as(admin).put(`/api/eventos-externos/${e.id}`).send({
      title: e.title,
      description: 'x',
      event_date: '2027-03-15T16:00:00.000Z',
      location: 'Parque Fundidora, Monterrey',
      max_attendees: 2,
      status: 'published',
    });
    expect(lowered.status).toBe(422);
    expect(lowered.body.errors.max_attendees[0]).toMatch(/lugares apartados para la lista de espera/);

    // Removing someone holding an offer passes their place on; the board hears it.
    const board = await t.socket(viewer.token);
    await t.join(board, ROOMS.externalEvent(e.id));
    const offered = await entryId(t, e.id, 9100);
    const removedPush = nextPush(board, 'waitlist.entry', undefined, (m) => m.data.entry.status === 'removed');
    const nextOffered = nextPush(
      board,
      'waitlist.entry',
      undefined,
      (m) => m.data.entry.status === 'offered' && m.data.entry.email === 'PERSONA9103@CORREO.MX',
    );
    await t.as(viewer.token).delete(`/api/eventos-externos/${e.id}/waitlist/${offered}`).expect(403);
    await t.as(admin).delete(`/api/eventos-externos/${e.id}/waitlist/${offered}`).expect(200);
    await t.as(admin).delete(`/api/eventos-externos/${e.id}/waitlist/${offered}`).expect(404);
    expect((await removedPush).data.entry.id).toBe(offered);
    expect((await nextOffered).data.entry).toMatchObject({ status: 'offered', offer_count: 1 });
    expect(await places(t, e.id)).toMatchObject({ current: 0, held: 3, waiting: 0 });

    // The removed person's link no longer works.
    const stale = links.sign('accept-waitlist-offer', offered, new Date(Date.now() + 3600_000));
    expect((await t.http().post(`/api/lista-espera/aceptar/${stale}`).expect(409)).body.message).toBe('Esta oferta ya no está disponible.');
  });

  it('the SQL-built waitlist payload equals the staff list (the board applies one and reloads the other)', async () => {
    const { e } = await fullEventWithLine(t, admin, 1, 1, 9500);
    const [{ payload }] = await t.query<{ payload: { entry: Record<string, unknown> } }>(
      `SELECT payload FROM domain_events WHERE type = 'waitlist.joined' AND payload->>'event_id' = $1`,
      [String(e.id)],
    );
    const list = await t.as(admin).get(`/api/eventos-externos/${e.id}/waitlist`).expect(200);
    expect(payload.entry).toEqual(list.body.entries[0]);
  });

  it('accept links: tampered, foreign purpose, expired — clear answers, never a 500', async () => {
    const { e, registrations } = await fullEventWithLine(t, admin, 1, 1, 9700);
    await t
      .http()
      .post(`/api/registros/cancelar/${cancelToken(registrations[0])}`)
      .expect(200);
    const id = await entryId(t, e.id, 9800);
    const good = await acceptToken(id);
    const [kid, eid, exp, sig] = good.split('.');
    const tampered = `${kid}.${eid}.${exp}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const foreign = links.sign('cancel-registration', id, new Date(Number(exp) * 1000));
    for (const token of [tampered, foreign, `${kid}.${eid}.${Number(exp) + 10}.${sig}`, 'x']) {
      for (const method of ['get', 'post'] as const) {
        const res = await t.http()[method](`/api/lista-espera/aceptar/${token}`);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({
          message: 'El enlace no es válido. Revisa que esté completo, tal como llegó en tu correo.',
          code: 'LINK_INVALID',
        });
      }
    }
    const expired = links.sign('accept-waitlist-offer', id, new Date(Date.now() - 1000));
    const gone = await t.http().post(`/api/lista-espera/aceptar/${expired}`).expect(410);
    expect(gone.body.message).toBe('La oferta expiró y el lugar pasó a la siguiente persona en la lista de espera.');
    expect(await places(t, e.id)).toMatchObject({ current: 0, held: 1 });
  });
});

describe('waitlist offers expire and pass on (short hold via WAITLIST_OFFER_HOURS)', () => {
  let t: TestApp;
  let admin: string;
  let links: SignedLinks;
  // 0.0005 h = 2 s.
  signedInApp(
    (s) => {
      ({ t, admin } = s);
      links = t.app.get(SignedLinks);
    },
    { env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000', WAITLIST_JOIN_LIMIT_PER_MINUTE: '100000', WAITLIST_OFFER_HOURS: '0.0005' } },
  );
  const cancelToken = (id: number) => links.sign('cancel-registration', id, new Date('2027-03-15T16:00:00.000Z'));

  it('the delayed job expires an unanswered offer and offers the place to the next; the late link says so', async () => {
    const { e, registrations } = await fullEventWithLine(t, admin, 1, 2, 100);
    await t
      .http()
      .post(`/api/registros/cancelar/${cancelToken(registrations[0])}`)
      .expect(200);
    const first = await entryId(t, e.id, 200);
    const second = await entryId(t, e.id, 201);
    const offer = await offerOf(t, first);
    expect(offer.offered_until!.getTime() - Date.now()).toBeLessThanOrEqual(2000);
    const token = links.sign('accept-waitlist-offer', first, offer.offered_until!);
    await t.flushOutbox();
    // No sweep needed: the job delayed until the offer's end does it.
    await eventually(
      () => offerOf(t, second),
      (o) => o.status === 'offered',
    );
    expect((await offerOf(t, first)).status).toBe('expired');
    expect(await places(t, e.id)).toMatchObject({ current: 0, held: 1, waiting: 0 });
    const late = await t.http().post(`/api/lista-espera/aceptar/${token}`);
    expect(late.status).toBe(410);
    expect(late.body.message).toBe('La oferta expiró y el lugar pasó a la siguiente persona en la lista de espera.');
    const keys = await t.query<{ idempotency_key: string }>(
      `SELECT idempotency_key FROM correos WHERE template = 'lista-espera.oferta' AND ref_id = $1 ORDER BY id`,
      [e.id],
    );
    expect(keys.map((k) => k.idempotency_key)).toEqual([`lista-espera.oferta:${first}:1`, `lista-espera.oferta:${second}:1`]);

    // With nobody left in line, the place is free again once the last offer lapses.
    await eventually(
      () => places(t, e.id),
      (p) => p.held === 0,
    );
    await registerForEvent(t, e.slug, registrationBody(300)).expect(201);
  });

  it('the sweep expires offers whose job never ran; accepting in time works with a short hold too', async () => {
    const { e, registrations } = await fullEventWithLine(t, admin, 2, 2, 400);
    // An offer whose delayed job is missing (as if Redis lost it): written straight to the row.
    await t
      .http()
      .post(`/api/registros/cancelar/${cancelToken(registrations[0])}`)
      .expect(200);
    const first = await entryId(t, e.id, 500);
    const token = links.sign('accept-waitlist-offer', first, (await offerOf(t, first)).offered_until!);
    await t.http().post(`/api/lista-espera/aceptar/${token}`).expect(201);
    await t
      .http()
      .post(`/api/registros/cancelar/${cancelToken(registrations[1])}`)
      .expect(200);
    const second = await entryId(t, e.id, 501);
    expect((await offerOf(t, second)).status).toBe('offered');
    // Remove its delayed job, then make it due: only the sweep can expire it now.
    const queue = t.app.get((await import('../../api/src/core/jobs/job-publisher')).JobPublisher).queueFor('waitlist.expire-offer');
    await t.flushOutbox();
    await eventually(async () => (await queue.getJob(`waitlist-expire-${second}-1`)) !== undefined);
    await (await queue.getJob(`waitlist-expire-${second}-1`))!.remove();
    await t.query(`UPDATE external_waitlist SET offered_until = now() - interval '1 second' WHERE id = $1`, [second]);
    const { WaitlistSweepJob } = await import('../../api/src/modules/external-events/jobs/waitlist-offer-expiry.job');
    await t.workers!.get(WaitlistSweepJob).handle();
    expect((await offerOf(t, second)).status).toBe('expired');
    expect(await places(t, e.id)).toMatchObject({ current: 1, held: 0, waiting: 0 });
  });
});

describe('unconfirmed joins expire (short WAITLIST_CONFIRM_HOURS) and hold nothing meanwhile', () => {
  let t: TestApp;
  let admin: string;
  // 0.0005 h = 1.8 s.
  signedInApp(
    (s) => {
      ({ t, admin } = s);
    },
    { env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000', WAITLIST_JOIN_LIMIT_PER_MINUTE: '100000', WAITLIST_CONFIRM_HOURS: '0.0005' } },
  );

  it('a late confirmation is refused in Spanish; the sweep expires what was never confirmed; the address may join again', async () => {
    const { e } = await fullEventWithLine(t, admin, 1, 0, 100);
    await join(t, e.slug, 200).expect(202);
    await join(t, e.slug, 201).expect(202);
    const late = await entryId(t, e.id, 200);
    const never = await entryId(t, e.id, 201);
    const token = await confirmToken(t, late);
    // Both past their time (the second join came later: on a busy machine, by more than a moment).
    await eventually(
      async () =>
        (
          await t.query<{ due: boolean }>(`SELECT bool_and(confirm_until <= now()) AS due FROM external_waitlist WHERE id = ANY($1)`, [
            [late, never],
          ])
        )[0],
      (r) => r.due,
    );
    const EXPIRED = {
      message: 'El enlace para confirmar expiró y tu solicitud se descartó. Si aún te interesa, vuelve a unirte a la lista de espera.',
      code: 'LINK_EXPIRED',
    };
    expect((await t.http().get(`/api/lista-espera/confirmar/${token}`).expect(410)).body).toMatchObject(EXPIRED);
    expect((await t.http().post(`/api/lista-espera/confirmar/${token}`).expect(410)).body).toMatchObject(EXPIRED);
    expect(await places(t, e.id)).toMatchObject({ current: 1, held: 0, waiting: 0 });

    // The sweep (the workers' schedule) expires both; nothing counted moves.
    const { WaitlistSweepJob } = await import('../../api/src/modules/external-events/jobs/waitlist-offer-expiry.job');
    await t.workers!.get(WaitlistSweepJob).handle();
    expect((await offerOf(t, late)).status).toBe('expired');
    expect((await offerOf(t, never)).status).toBe('expired');
    expect(await places(t, e.id)).toMatchObject({ current: 1, held: 0, waiting: 0 });

    // The address may join again (a new entry, its own message); a lapsed one gives way even before the sweep.
    await join(t, e.slug, 200).expect(202);
    const again = await entryId(t, e.id, 200);
    expect(again).not.toBe(late);
    expect((await offerOf(t, again)).status).toBe('pending');
    await eventually(
      async () =>
        (await t.query<{ due: boolean }>(`SELECT confirm_until <= now() AS due FROM external_waitlist WHERE id = $1`, [again]))[0],
      (r) => r.due,
    );
    await join(t, e.slug, 200).expect(202);
    expect((await offerOf(t, again)).status).toBe('expired');
    expect((await offerOf(t, await entryId(t, e.id, 200))).status).toBe('pending');
    const [{ n }] = await t.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM correos WHERE template = 'lista-espera.confirmar' AND to_email = 'persona200@correo.mx'`,
    );
    expect(n).toBe(3);
  });
});

describe('joins have their own per-IP limit (WAITLIST_JOIN_LIMIT_PER_MINUTE), both waitlists together', () => {
  let t: TestApp;
  let admin: string;
  signedInApp(
    (s) => {
      ({ t, admin } = s);
    },
    { env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000', WAITLIST_JOIN_LIMIT_PER_MINUTE: '3' } },
  );

  it('the 4th join in a minute answers 429 in Spanish — an event or a program alike; registrations are not affected', async () => {
    const e = await createEvent(t, admin, { max_attendees: 1 });
    await registerForEvent(t, e.slug, registrationBody(1)).expect(201);
    const p = await createPrograma(t, admin, { max_participantes: 1 });
    await registerForProgram(t, p.slug, applicationBody(1)).expect(201);
    // Not at the end of a minute's window (the limit counts per minute).
    const second = new Date().getSeconds();
    if (second > 50) await new Promise((r) => setTimeout(r, (61 - second) * 1000));

    for (const i of [2, 3, 4]) await join(t, e.slug, i).expect(202);
    const refused = await join(t, e.slug, 5).expect(429);
    expect(refused.body).toMatchObject({
      message: 'Demasiadas solicitudes desde tu conexión. Espera un momento e intenta de nuevo.',
      code: 'TOO_MANY_REQUESTS',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await t.http().post(`/api/programas/${p.slug}/waitlist`).send(applicationBody(5)).expect(429);
    // The limit is the joins' own: other public writes still pass (here: the full event's own refusal).
    await registerForEvent(t, e.slug, registrationBody(6)).expect(409);
    const [{ n }] = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM external_waitlist WHERE event_id = $1`, [e.id]);
    expect(n).toBe(3);
  });
});
