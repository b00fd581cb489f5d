import { SignedLinks } from '../../api/src/core/links/signed-links';
import { ROOMS } from '../../api/src/shared/events/socket-events';
import { createEvent, registerForEvent, registrationBody } from '../factories/external-events';
import { applicationBody, businessApplicationBody, createPrograma, programaBody, registerForProgram } from '../factories/programs';
import { eventually, nextPush, TestApp, signedInApp } from '../setup/test-app';

const PERSONAL = /correo_electronico|celular|apellido|calle|colonia|rfc|@|María|Treviño|812\d{7}/i;
const LINK_INVALID = { message: 'El enlace no es válido. Revisa que esté completo, tal como llegó en tu correo.', code: 'LINK_INVALID' };

interface Place {
  max: number | null;
  current: number;
  held: number;
  waiting: number;
  registered: number;
  offered: number;
  in_line: number;
}

/** The program's counters and what the rows say: they must always agree, and never exceed the limit. */
async function places(t: TestApp, programaId: number): Promise<Place> {
  const [row] = await t.query<Place>(
    `SELECT p.max_participantes AS max, p.participantes_actuales AS current, p.held_places AS held, p.waitlist_count AS waiting,
            (SELECT count(*)::int FROM programa_registros r WHERE r.programa_id = p.id AND r.status <> 'cancelado') AS registered,
            (SELECT count(*)::int FROM programa_lista_espera w WHERE w.programa_id = p.id AND w.status = 'offered') AS offered,
            (SELECT count(*)::int FROM programa_lista_espera w WHERE w.programa_id = p.id AND w.status = 'waiting') AS in_line
       FROM programas p WHERE p.id = $1`,
    [programaId],
  );
  expect(row.current).toBe(row.registered);
  expect(row.held).toBe(row.offered);
  expect(row.waiting).toBe(row.in_line);
  if (row.max !== null) expect(row.current + row.held).toBeLessThanOrEqual(row.max);
  return row;
}

const join = (t: TestApp, slug: string, i: number, overrides: Record<string, unknown> = {}) =>
  t.http().post(`/api/programas/${slug}/waitlist`).send(applicationBody(i, overrides));

/** What every well-formed join of a full program answers, whoever the address is (issue 29 §1.4). */
const JOIN_SENT = {
  message: 'Te enviamos un correo para confirmar tu lugar en la lista de espera. Revisa tu bandeja de entrada (y la de correo no deseado).',
};

/** The confirm link the join's message carries (signed as the renderer signs it: the entry, until confirm_until). */
async function confirmToken(t: TestApp, id: number): Promise<string> {
  const [row] = await t.query<{ confirm_until: Date }>(`SELECT confirm_until FROM programa_lista_espera WHERE id = $1`, [id]);
  return t.app.get(SignedLinks).sign('confirm-program-waitlist-join', id, row.confirm_until);
}

const confirm = async (t: TestApp, id: number) =>
  t
    .http()
    .post(`/api/lista-espera/programa/confirmar/${await confirmToken(t, id)}`)
    .expect(200);

/** Joins (with this body) and follows the confirm link: the person is in line. */
async function joinConfirmed(t: TestApp, p: { id: number; slug: string }, i: number, body = applicationBody(i)): Promise<number> {
  await t.http().post(`/api/programas/${p.slug}/waitlist`).send(body).expect(202);
  const id = await entryId(t, p.id, i);
  await confirm(t, id);
  return id;
}

async function entryId(t: TestApp, programaId: number, i: number): Promise<number> {
  const [row] = await t.query<{ id: number }>(
    `SELECT id FROM programa_lista_espera WHERE programa_id = $1 AND lower(correo_electronico) = $2 ORDER BY id DESC LIMIT 1`,
    [programaId, `solicitante${i}@correo.mx`],
  );
  return row.id;
}

async function offerOf(t: TestApp, id: number): Promise<{ status: string; offered_until: Date | null; offer_count: number }> {
  const [row] = await t.query<{ status: string; offered_until: Date | null; offer_count: number }>(
    `SELECT status, offered_until, offer_count FROM programa_lista_espera WHERE id = $1`,
    [id],
  );
  return row;
}

/** A full program (limit n, n applications) with people waiting. */
async function fullProgramWithLine(t: TestApp, admin: string, limit: number, waiting: number, base: number, overrides = {}) {
  const p = await createPrograma(t, admin, { max_participantes: limit, ...overrides });
  const registrations: number[] = [];
  for (let i = 0; i < limit; i++)
    registrations.push((await registerForProgram(t, p.slug, applicationBody(base + i)).expect(201)).body.registration.id);
  for (let i = 0; i < waiting; i++) await joinConfirmed(t, p, base + 100 + i);
  return { p, registrations };
}

const setStatus = (t: TestApp, token: string, programaId: number, registrationId: number, status: string) =>
  t.as(token).put(`/api/programas-servicios/${programaId}/registrations/${registrationId}/status`).send({ status });

describe('waitlist of a program with a participant limit (issue 22 §4), 24 h offers', () => {
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
  const acceptToken = async (id: number) => links.sign('accept-program-waitlist-offer', id, (await offerOf(t, id)).offered_until!);

  it('joining: only when full and with a limit, same rules as the form; one answer for every address; in line only once confirmed', async () => {
    const unlimited = await createPrograma(t, admin, { max_participantes: null });
    const noLimit = await join(t, unlimited.slug, 1).expect(409);
    expect(noLimit.body).toMatchObject({
      message: 'Este programa no tiene límite de participantes: regístrate directamente.',
      code: 'PLACES_AVAILABLE',
    });

    const p = await createPrograma(t, admin, { max_participantes: 1 });
    const early = await join(t, p.slug, 1).expect(409);
    expect(early.body).toMatchObject({
      message: 'Aún hay lugares disponibles en este programa: regístrate directamente.',
      code: 'PLACES_AVAILABLE',
    });
    await registerForProgram(t, p.slug, applicationBody(1)).expect(201);

    const bad = await t
      .http()
      .post(`/api/programas/${p.slug}/waitlist`)
      .send({ ...applicationBody(2), celular: '123', extra: 1 })
      .expect(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['celular', 'extra']);
    const unborn = await join(t, p.slug, 2, { fecha_nacimiento: '2999-01-01' }).expect(422);
    expect(Object.keys(unborn.body.errors)).toEqual(['fecha_nacimiento']);

    // A new address, the same address again (pending), an address already registered: one answer.
    const fresh = await join(t, p.slug, 2).expect(202);
    const again = await join(t, p.slug, 2, { correo_electronico: ' Solicitante2@Correo.MX ', nombre: 'Otro' }).expect(202);
    const registered = await join(t, p.slug, 1).expect(202);
    for (const res of [fresh, again, registered]) expect(res.body).toEqual(JOIN_SENT);
    await join(t, 'no-existe', 3).expect(404);
    const draft = await createPrograma(t, admin, { max_participantes: 1, status: 'draft' });
    expect((await join(t, draft.slug, 3).expect(404)).body.message).toBe('El programa que buscas no existe o ha sido cerrado.');

    // Pending: one entry, not counted, not on the staff list; one confirmation message to the address.
    const pending = await entryId(t, p.id, 2);
    const [entry] = await t.query<{ status: string; confirmed_at: Date | null; confirm_until: Date }>(
      `SELECT status, confirmed_at, confirm_until FROM programa_lista_espera WHERE id = $1`,
      [pending],
    );
    expect(entry).toMatchObject({ status: 'pending', confirmed_at: null });
    const hours = (entry.confirm_until.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(2.9);
    expect(hours).toBeLessThanOrEqual(3);
    expect(await places(t, p.id)).toMatchObject({ current: 1, held: 0, waiting: 0 });
    expect((await t.as(admin).get(`/api/programas-servicios/${p.id}/waitlist`).expect(200)).body.entries).toEqual([]);
    const mails = await t.query<{ idempotency_key: string; to_email: string; data: Record<string, unknown> }>(
      `SELECT idempotency_key, to_email, data FROM correos WHERE template = 'programa.lista-espera-confirmar' AND ref_id = $1 ORDER BY id`,
      [p.id],
    );
    expect(mails).toEqual([
      {
        idempotency_key: `programa.lista-espera-confirmar:${pending}`,
        to_email: 'SOLICITANTE2@CORREO.MX',
        data: {
          motivo: 'confirmar',
          entrada_id: pending,
          confirmar_hasta: entry.confirm_until.toISOString(),
          nombre: 'María José',
          programa_id: p.id,
          programa: expect.objectContaining({ nombre: p.nombre, slug: p.slug }),
        },
      },
      // The registered address hears that it needs nothing (its registrant's own name, never the asker's).
      {
        idempotency_key: expect.stringMatching(/^programa\.lista-espera-ya-registrado:\d+:\d{10}$/),
        to_email: 'SOLICITANTE1@CORREO.MX',
        data: { motivo: 'ya-registrado', nombre: 'María José', programa_id: p.id, programa: expect.objectContaining({ slug: p.slug }) },
      },
    ]);

    // The confirm page, then the confirmation: in line, counted, on the staff list; twice changes nothing.
    const token = await confirmToken(t, pending);
    const view = await t.http().get(`/api/lista-espera/programa/confirmar/${token}`).expect(200);
    expect(view.body).toEqual({
      nombre: 'María José',
      programa: expect.objectContaining({ nombre: p.nombre, slug: p.slug }),
      confirmar_hasta: entry.confirm_until.toISOString(),
      confirmada: false,
    });
    const confirmed = await t.http().post(`/api/lista-espera/programa/confirmar/${token}`).expect(200);
    expect(confirmed.body).toEqual({ message: 'Confirmaste tu correo: ya estás en la lista de espera.' });
    const twice = await t.http().post(`/api/lista-espera/programa/confirmar/${token}`).expect(200);
    expect(twice.body).toEqual({ message: 'Tu lugar en la lista de espera ya estaba confirmado.' });
    expect((await t.http().get(`/api/lista-espera/programa/confirmar/${token}`).expect(200)).body.confirmada).toBe(true);
    expect(await places(t, p.id)).toMatchObject({ current: 1, held: 0, waiting: 1 });
    // An event's confirm page never takes a program's token.
    expect((await t.http().post(`/api/lista-espera/confirmar/${token}`).expect(404)).body).toMatchObject(LINK_INVALID);

    // Already waiting: the same answer, and nothing new.
    expect((await join(t, p.slug, 2).expect(202)).body).toEqual(JOIN_SENT);
    const [counted] = await t.query<{ entries: number; messages: number }>(
      `SELECT (SELECT count(*)::int FROM programa_lista_espera WHERE programa_id = $1) AS entries,
              (SELECT count(*)::int FROM correos WHERE template = 'programa.lista-espera-confirmar' AND ref_id = $1) AS messages`,
      [p.id],
    );
    expect(counted).toEqual({ entries: 1, messages: 2 });

    const page = await t.http().get(`/api/programas/${p.slug}`).expect(200);
    expect(page.body.programa).toMatchObject({
      max_participantes: 1,
      participantes_actuales: 1,
      held_places: 0,
      waitlist_count: 1,
      lugares_disponibles: 0,
    });
    expect(JSON.stringify(page.body)).not.toMatch(PERSONAL);
  });

  it('50 parallel joins with one e-mail, then 50 parallel confirms: one entry, one message, in line once (the database decides)', async () => {
    const { p } = await fullProgramWithLine(t, admin, 1, 0, 50);
    const results = await Promise.all(Array.from({ length: 50 }, () => join(t, p.slug, 77)));
    expect(results.filter((r) => r.status === 202)).toHaveLength(50);
    const [created] = await t.query<{ n: number; mails: number }>(
      `SELECT (SELECT count(*)::int FROM programa_lista_espera WHERE programa_id = $1) AS n,
              (SELECT count(*)::int FROM correos WHERE template = 'programa.lista-espera-confirmar' AND ref_id = $1) AS mails`,
      [p.id],
    );
    expect(created).toEqual({ n: 1, mails: 1 });
    const token = await confirmToken(t, await entryId(t, p.id, 77));
    const confirms = await Promise.all(Array.from({ length: 50 }, () => t.http().post(`/api/lista-espera/programa/confirmar/${token}`)));
    expect(confirms.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(confirms.filter((r) => r.body.message === 'Confirmaste tu correo: ya estás en la lista de espera.')).toHaveLength(1);
    expect((await places(t, p.id)).waiting).toBe(1);
    const [{ joined }] = await t.query<{ joined: number }>(
      `SELECT count(*)::int AS joined FROM domain_events WHERE type = 'program-waitlist.joined' AND payload->>'programa_id' = $1`,
      [String(p.id)],
    );
    expect(joined).toBe(1);
  });

  it('an unconfirmed join holds nothing and is never offered a place; the line goes by confirmation time', async () => {
    const { p, registrations } = await fullProgramWithLine(t, admin, 1, 0, 600);
    await join(t, p.slug, 700).expect(202);
    const a = await entryId(t, p.id, 700);
    const b = await joinConfirmed(t, p, 701);
    const listed = async () =>
      (await t.as(admin).get(`/api/programas-servicios/${p.id}/waitlist`).expect(200)).body.entries.map((x: { id: number }) => x.id);
    expect(await listed()).toEqual([b]);

    // A place frees: it goes to B (confirmed), never to A (pending), although A joined first.
    await setStatus(t, admin, p.id, registrations[0], 'cancelado').expect(200);
    expect((await offerOf(t, b)).status).toBe('offered');
    expect((await offerOf(t, a)).status).toBe('pending');
    const offers = await t.query<{ entrada: string }>(
      `SELECT data->>'entrada_id' AS entrada FROM correos WHERE template = 'programa.lista-espera-oferta' AND ref_id = $1`,
      [p.id],
    );
    expect(offers).toEqual([{ entrada: String(b) }]);
    expect(await places(t, p.id)).toMatchObject({ current: 0, held: 1, waiting: 0 });

    // C confirms, then A: the line is B (offered), C, A — by confirmation, not by joining.
    const c = await joinConfirmed(t, p, 702);
    await confirm(t, a);
    expect(await listed()).toEqual([b, c, a]);
    await t.as(admin).delete(`/api/programas-servicios/${p.id}/waitlist/${b}`).expect(200);
    expect((await offerOf(t, c)).status).toBe('offered');
    expect((await offerOf(t, a)).status).toBe('waiting');
  });

  it('a confirmation arriving with a place already free is offered it at once', async () => {
    const { p, registrations } = await fullProgramWithLine(t, admin, 1, 0, 800);
    await join(t, p.slug, 900).expect(202);
    const id = await entryId(t, p.id, 900);
    // The place frees while the join is pending: nobody in line, so it is free (the pending join holds nothing).
    await setStatus(t, admin, p.id, registrations[0], 'cancelado').expect(200);
    expect(await places(t, p.id)).toMatchObject({ current: 0, held: 0, waiting: 0 });
    await confirm(t, id);
    expect((await offerOf(t, id)).status).toBe('offered');
    expect(await places(t, p.id)).toMatchObject({ current: 0, held: 1, waiting: 0 });
  });

  it('control: without the partial unique index the same 50 joins write duplicates (so the test above would catch a missing guard)', async () => {
    const { p } = await fullProgramWithLine(t, admin, 1, 0, 60);
    await t.query(`DROP INDEX programa_lista_espera_email_key`);
    try {
      // ON CONFLICT names the index: without it the statement fails; a check-then-insert is what a missing guard
      // would do. Two joins in flight at once, deterministically: each transaction checks and inserts before the
      // other commits (neither sees the other's row), as the 50 parallel joins do when they overlap.
      const insert = `INSERT INTO programa_lista_espera (programa_id, nombre, apellido_paterno, apellido_materno, correo_electronico, celular,
                                                         solicitud, status, confirm_until)
         SELECT $1, 'A', 'B', 'C', 'mismo@correo.mx', '8100000000', '{}'::jsonb, 'pending', now() + interval '1 hour'
          WHERE NOT EXISTS (SELECT 1 FROM programa_lista_espera WHERE programa_id = $1 AND correo_electronico = 'mismo@correo.mx')
         RETURNING id`;
      const [a, b] = [t.db.createQueryRunner(), t.db.createQueryRunner()];
      try {
        await a.startTransaction();
        await b.startTransaction();
        const inserted = [...(await a.query(insert, [p.id])), ...(await b.query(insert, [p.id]))];
        await a.commitTransaction();
        await b.commitTransaction();
        expect(inserted).toHaveLength(2);
      } finally {
        await a.release();
        await b.release();
      }
      const [{ n }] = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM programa_lista_espera WHERE programa_id = $1`, [p.id]);
      expect(n).toBeGreaterThan(1);
    } finally {
      await t.query(`DELETE FROM programa_lista_espera WHERE programa_id = $1`, [p.id]);
      await t.query(
        `CREATE UNIQUE INDEX programa_lista_espera_email_key ON programa_lista_espera (programa_id, lower(btrim(correo_electronico)))
          WHERE status IN ('pending', 'waiting', 'offered')`,
      );
    }
  });

  it('staff cancel a registration: the place is offered to the first in line, held, its message queued; accepting applies as /register would', async () => {
    const p = await createPrograma(t, admin, { max_participantes: 2, tipo: 'continuo' });
    const r1 = (await registerForProgram(t, p.slug, applicationBody(1000)).expect(201)).body.registration.id;
    await registerForProgram(t, p.slug, applicationBody(1001)).expect(201);
    // The first in line applied with a business: the whole application is kept for the acceptance.
    const first = await joinConfirmed(t, p, 1100, businessApplicationBody(1100));
    await joinConfirmed(t, p, 1101);

    const board = await t.socket(admin);
    await t.join(board, ROOMS.program(p.id));
    const anon = await t.socket();
    await t.join(anon, ROOMS.publicProgram(p.id));
    const offeredPush = nextPush(board, 'program-waitlist.entry', undefined, (m) => m.data.entry.status === 'offered');
    const publicCounts = nextPush(anon, 'program.counts', undefined, (m) => m.data.counts.held_places === 1);

    await setStatus(t, admin, p.id, r1, 'cancelado').expect(200);
    const offer = await offerOf(t, first);
    expect(offer.status).toBe('offered');
    const hours = (offer.offered_until!.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(await places(t, p.id)).toMatchObject({ current: 1, held: 1, waiting: 1 });
    expect((await offeredPush).data.entry).toMatchObject({
      id: first,
      status: 'offered',
      offer_count: 1,
      correo_electronico: 'SOLICITANTE1100@CORREO.MX',
    });
    const pub = await publicCounts;
    expect(pub.data.counts).toMatchObject({ participantes_actuales: 1, held_places: 1, waitlist_count: 1 });
    expect(JSON.stringify(pub.data)).not.toMatch(PERSONAL);

    const [mail] = await t.query<{
      idempotency_key: string;
      to_email: string;
      to_name: string;
      data: Record<string, unknown>;
      ref_type: string;
      ref_id: number;
    }>(
      `SELECT idempotency_key, to_email, to_name, data, ref_type, ref_id FROM correos WHERE template = 'programa.lista-espera-oferta' AND ref_id = $1`,
      [p.id],
    );
    expect(mail).toEqual({
      idempotency_key: `programa.lista-espera-oferta:${first}:1`,
      to_email: 'SOLICITANTE1100@CORREO.MX',
      to_name: 'María José Treviño Garza',
      data: {
        entrada_id: first,
        programa_id: p.id,
        nombre: 'María José',
        oferta_hasta: offer.offered_until!.toISOString(),
        programa: { nombre: p.nombre, slug: p.slug, fecha_inicio: null, fecha_fin: null, ubicacion: 'PALACIO MUNICIPAL, MONTERREY' },
      },
      ref_type: 'programa',
      ref_id: p.id,
    });

    // The held place is not free: an application burst and a reactivation take nothing.
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => registerForProgram(t, p.slug, applicationBody(1500 + i))));
    expect(burst.every((r) => r.status === 409)).toBe(true);
    expect((await setStatus(t, admin, p.id, r1, 'pendiente').expect(409)).body.message).toBe(
      'El programa ya no tiene lugares disponibles para reactivar este registro.',
    );
    expect((await t.http().get(`/api/programas/${p.slug}`)).body.programa.lugares_disponibles).toBe(0);

    // The page of the link: the first name and the program (a continuous one: no dates).
    const token = await acceptToken(first);
    const view = await t.http().get(`/api/lista-espera/programa/aceptar/${token}`).expect(200);
    expect(view.body).toEqual({
      nombre: 'María José',
      programa: {
        nombre: p.nombre,
        slug: p.slug,
        tipo: 'continuo',
        fecha_inicio: null,
        fecha_fin: null,
        ubicacion: 'PALACIO MUNICIPAL, MONTERREY',
      },
      oferta_hasta: offer.offered_until!.toISOString(),
    });
    const created = nextPush(board, 'program-registration.created');
    const accepted = await t.http().post(`/api/lista-espera/programa/aceptar/${token}`).expect(201);
    expect(accepted.body).toEqual({ message: '¡Registro Exitoso!', registration: { id: expect.any(Number), status: 'pendiente' } });
    expect((await created).data.registration).toMatchObject({
      id: accepted.body.registration.id,
      correo_electronico: 'SOLICITANTE1100@CORREO.MX',
    });
    expect(await places(t, p.id)).toMatchObject({ current: 2, held: 0, waiting: 1 });

    // The registration is the one a direct application would have written (business answers included).
    const board2 = await t.as(admin).get(`/api/programas-servicios/${p.id}/registrations`).expect(200);
    const reg = board2.body.registrations.find((r: { id: number }) => r.id === accepted.body.registration.id);
    expect(reg).toMatchObject({
      nombre: 'María José',
      tiene_emprendimiento: 'si',
      nombre_emprendimiento: 'Tamales Doña Mary',
      giro_sector: 'alimentos',
      tiempo_operando: 'mas_1_ano',
      redes_sociales_enlace: 'https://facebook.com/tamalesdonamary',
      negocio_formalizado: 'si',
      rfc: 'TEGM881102AB1',
      status: 'pendiente',
    });
    const received = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM correos WHERE idempotency_key = $1`, [
      `programa.solicitud-recibida:${accepted.body.registration.id}`,
    ]);
    expect(received[0].n).toBe(1);

    // Reused link: a clear answer; nothing changes.
    const reused = await t.http().post(`/api/lista-espera/programa/aceptar/${token}`).expect(409);
    expect(reused.body).toMatchObject({ message: 'Ya aceptaste este lugar: tu solicitud fue registrada.', code: 'LINK_USED' });
    expect((await t.http().get(`/api/lista-espera/programa/aceptar/${token}`)).status).toBe(409);
    expect(await places(t, p.id)).toMatchObject({ current: 2, held: 0, waiting: 1 });
  });

  it('50 parallel accepts of one offer → exactly one registration', async () => {
    const { p, registrations } = await fullProgramWithLine(t, admin, 1, 2, 2000);
    await setStatus(t, admin, p.id, registrations[0], 'cancelado').expect(200);
    const token = await acceptToken(await entryId(t, p.id, 2100));
    const results = await Promise.all(Array.from({ length: 50 }, () => t.http().post(`/api/lista-espera/programa/aceptar/${token}`)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(49);
    expect(await places(t, p.id)).toMatchObject({ current: 1, held: 0, registered: 1, waiting: 1 });
    const [{ n }] = await t.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM programa_registros WHERE programa_id = $1 AND lower(correo_electronico) = 'solicitante2100@correo.mx'`,
      [p.id],
    );
    expect(n).toBe(1);
  });

  it('a staff cancellation racing an acceptance never holds a place twice nor loses one', async () => {
    for (let round = 0; round < 5; round++) {
      // limit 2: A and B registered, X offered after A is cancelled; then B is cancelled while X accepts.
      const { p, registrations } = await fullProgramWithLine(t, admin, 2, 3, 3000 + round * 1000);
      await setStatus(t, admin, p.id, registrations[0], 'cancelado').expect(200);
      const token = await acceptToken(await entryId(t, p.id, 3100 + round * 1000));
      const [cancel, accept] = await Promise.all([
        setStatus(t, admin, p.id, registrations[1], 'cancelado'),
        t.http().post(`/api/lista-espera/programa/aceptar/${token}`),
      ]);
      expect([cancel.status, accept.status]).toEqual([200, 201]);
      // B's place went to the next in line (held), X is registered: 1 registered + 1 held, 1 still waiting.
      expect(await places(t, p.id)).toMatchObject({ current: 1, held: 1, waiting: 1 });
    }
  });

  it('applications racing a staff cancellation never take the place held for the first in line', async () => {
    const { p, registrations } = await fullProgramWithLine(t, admin, 3, 1, 8000);
    const results = await Promise.all([
      setStatus(t, admin, p.id, registrations[0], 'cancelado'),
      ...Array.from({ length: 30 }, (_, i) => registerForProgram(t, p.slug, applicationBody(8500 + i))),
    ]);
    expect(results[0].status).toBe(200);
    // Before the cancellation commits the program is full; after it, the freed place is held for the one waiting.
    expect(results.slice(1).filter((r) => r.status === 201)).toHaveLength(0);
    expect(await places(t, p.id)).toMatchObject({ current: 2, held: 1, waiting: 0 });
  });

  it('a raised limit offers places; no limit offers to everyone waiting; lowering below taken + held is refused', async () => {
    const { p } = await fullProgramWithLine(t, admin, 1, 4, 9000);
    const put = (overrides: Record<string, unknown>) =>
      t
        .as(admin)
        .put(`/api/programas-servicios/${p.id}`)
        .send(programaBody({ nombre: p.nombre, ...overrides }));

    await put({ max_participantes: 3 }).expect(200);
    expect(await places(t, p.id)).toMatchObject({ current: 1, held: 2, waiting: 2 });
    const lowered = await put({ max_participantes: 2 }).expect(422);
    expect(lowered.body.errors.max_participantes[0]).toMatch(/lugares apartados para la lista de espera \(1 \+ 2\)/);
    expect(await places(t, p.id)).toMatchObject({ max: 3, held: 2 });

    // Closed: nobody is offered anything; offers out are refused on accept with a clear message (and their place freed).
    const offered = await entryId(t, p.id, 9100);
    const token = await acceptToken(offered);
    await put({ max_participantes: 3, status: 'closed' }).expect(200);
    const closed = await t.http().post(`/api/lista-espera/programa/aceptar/${token}`).expect(410);
    expect(closed.body).toMatchObject({ message: 'Este programa ya no recibe solicitudes.', code: 'LINK_EXPIRED' });
    expect(await places(t, p.id)).toMatchObject({ current: 1, held: 1, waiting: 2 });

    // Published again without a limit: everyone waiting gets an offer.
    await put({ max_participantes: null, status: 'published' }).expect(200);
    expect(await places(t, p.id)).toMatchObject({ max: null, current: 1, held: 3, waiting: 0 });
    // With offers out, a new limit must leave room for them.
    expect((await put({ max_participantes: 3 }).expect(422)).body.errors.max_participantes[0]).toMatch(/\(1 \+ 3\)/);
    await put({ max_participantes: 4 }).expect(200);
  });

  it('staff see the line (view), remove with delete permission; removing an offer passes the place on, live', async () => {
    const { p, registrations } = await fullProgramWithLine(t, admin, 1, 3, 9500);
    const viewer = await t.createUser(admin, { email: 'viewer-pwait@aforo.test', permissions: { programas_servicios: ['view', 'edit'] } });
    const outsider = await t.createUser(admin, { email: 'outsider-pwait@aforo.test', permissions: { personas: ['view'] } });

    const list = await t.as(viewer.token).get(`/api/programas-servicios/${p.id}/waitlist`).expect(200);
    expect(list.body.entries.map((x: { correo_electronico: string; status: string }) => [x.correo_electronico, x.status])).toEqual([
      ['SOLICITANTE9600@CORREO.MX', 'waiting'],
      ['SOLICITANTE9601@CORREO.MX', 'waiting'],
      ['SOLICITANTE9602@CORREO.MX', 'waiting'],
    ]);
    await t.as(outsider.token).get(`/api/programas-servicios/${p.id}/waitlist`).expect(403);
    await t.http().get(`/api/programas-servicios/${p.id}/waitlist`).expect(401);
    await t.as(admin).get(`/api/programas-servicios/999999/waitlist`).expect(404);

    await setStatus(t, viewer.token, p.id, registrations[0], 'cancelado').expect(200);
    const offered = await entryId(t, p.id, 9600);
    expect((await offerOf(t, offered)).status).toBe('offered');

    const board = await t.socket(viewer.token);
    await t.join(board, ROOMS.program(p.id));
    const removedPush = nextPush(board, 'program-waitlist.entry', undefined, (m) => m.data.entry.status === 'removed');
    const nextOffered = nextPush(
      board,
      'program-waitlist.entry',
      undefined,
      (m) => m.data.entry.status === 'offered' && m.data.entry.correo_electronico === 'SOLICITANTE9601@CORREO.MX',
    );
    await t.as(viewer.token).delete(`/api/programas-servicios/${p.id}/waitlist/${offered}`).expect(403);
    await t.as(admin).delete(`/api/programas-servicios/${p.id}/waitlist/${offered}`).expect(200);
    await t.as(admin).delete(`/api/programas-servicios/${p.id}/waitlist/${offered}`).expect(404);
    expect((await removedPush).data.entry.id).toBe(offered);
    expect((await nextOffered).data.entry).toMatchObject({ status: 'offered', offer_count: 1 });
    expect(await places(t, p.id)).toMatchObject({ current: 0, held: 1, waiting: 1 });

    // Someone waiting (no offer) leaves the count of people waiting.
    const waiting = await entryId(t, p.id, 9602);
    await t.as(admin).delete(`/api/programas-servicios/${p.id}/waitlist/${waiting}`).expect(200);
    expect(await places(t, p.id)).toMatchObject({ held: 1, waiting: 0 });

    // The removed person's link no longer works.
    const stale = links.sign('accept-program-waitlist-offer', offered, new Date(Date.now() + 3600_000));
    expect((await t.http().post(`/api/lista-espera/programa/aceptar/${stale}`).expect(409)).body.message).toBe(
      'Esta oferta ya no está disponible.',
    );
  });

  it('links: tampered, expired, and a token of the other waitlist (events ↔ programs) never accepts — clear answers, never a 500', async () => {
    const { p, registrations } = await fullProgramWithLine(t, admin, 1, 1, 9700);
    await setStatus(t, admin, p.id, registrations[0], 'cancelado').expect(200);
    const id = await entryId(t, p.id, 9800);
    const good = await acceptToken(id);
    const [kid, eid, exp, sig] = good.split('.');
    const tampered = `${kid}.${eid}.${exp}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    // The same id signed for an external event's offer, or for a cancel link: another purpose, another table.
    const eventOffer = links.sign('accept-waitlist-offer', id, new Date(Number(exp) * 1000));
    const cancel = links.sign('cancel-registration', id, new Date(Number(exp) * 1000));
    for (const token of [tampered, eventOffer, cancel, `${kid}.${eid}.${Number(exp) + 10}.${sig}`, 'x']) {
      for (const method of ['get', 'post'] as const) {
        const res = await t.http()[method](`/api/lista-espera/programa/aceptar/${token}`);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject(LINK_INVALID);
      }
    }
    // And the program's token on the events' page: not accepted either (an external entry with the same id exists).
    const e = await createEvent(t, admin, { max_attendees: 1 });
    await registerForEvent(t, e.slug, registrationBody(1)).expect(201);
    for (let i = 0; i < id; i++)
      await t
        .http()
        .post(`/api/eventos/${e.slug}/waitlist`)
        .send(registrationBody(100 + i))
        .expect(202);
    for (const method of ['get', 'post'] as const) {
      const res = await t.http()[method](`/api/lista-espera/aceptar/${good}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject(LINK_INVALID);
    }
    const expired = links.sign('accept-program-waitlist-offer', id, new Date(Date.now() - 1000));
    const gone = await t.http().post(`/api/lista-espera/programa/aceptar/${expired}`).expect(410);
    expect(gone.body.message).toBe('La oferta expiró y el lugar pasó a la siguiente persona en la lista de espera.');
    expect(await places(t, p.id)).toMatchObject({ current: 0, held: 1 });
    expect((await offerOf(t, id)).status).toBe('offered');
  });
  it('the sweep expires offers past their time whose delayed job has not run (yet)', async () => {
    const { p, registrations } = await fullProgramWithLine(t, admin, 1, 2, 400);
    await setStatus(t, admin, p.id, registrations[0], 'cancelado').expect(200);
    const first = await entryId(t, p.id, 500);
    // Due now, while its delayed job waits 24 h: only the sweep can expire it.
    await t.query(`UPDATE programa_lista_espera SET offered_until = now() - interval '1 second' WHERE id = $1`, [first]);
    const { ProgramWaitlistSweepJob } = await import('../../api/src/modules/programs/jobs/program-waitlist-offer-expiry.job');
    await t.workers!.get(ProgramWaitlistSweepJob).handle();
    expect((await offerOf(t, first)).status).toBe('expired');
    expect((await offerOf(t, await entryId(t, p.id, 501))).status).toBe('offered');
    expect(await places(t, p.id)).toMatchObject({ current: 0, held: 1, waiting: 0 });
  });
});

describe('program waitlist offers expire and pass on (short hold via WAITLIST_OFFER_HOURS)', () => {
  let t: TestApp;
  let admin: string;
  let links: SignedLinks;
  // 0.0005 h = 1.8 s.
  signedInApp(
    (s) => {
      ({ t, admin } = s);
      links = t.app.get(SignedLinks);
    },
    { env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000', WAITLIST_JOIN_LIMIT_PER_MINUTE: '100000', WAITLIST_OFFER_HOURS: '0.0005' } },
  );

  it('the delayed job expires an unanswered offer and offers the place to the next; the late link says so', async () => {
    const { p, registrations } = await fullProgramWithLine(t, admin, 1, 2, 100);
    await setStatus(t, admin, p.id, registrations[0], 'cancelado').expect(200);
    const first = await entryId(t, p.id, 200);
    const second = await entryId(t, p.id, 201);
    const offer = await offerOf(t, first);
    expect(offer.offered_until!.getTime() - Date.now()).toBeLessThanOrEqual(2000);
    const token = links.sign('accept-program-waitlist-offer', first, offer.offered_until!);
    await t.flushOutbox();
    // No sweep needed: the job delayed until the offer's end does it.
    await eventually(
      () => offerOf(t, second),
      (o) => o.status === 'offered',
    );
    expect((await offerOf(t, first)).status).toBe('expired');
    expect(await places(t, p.id)).toMatchObject({ current: 0, held: 1, waiting: 0 });
    const late = await t.http().post(`/api/lista-espera/programa/aceptar/${token}`);
    expect(late.status).toBe(410);
    expect(late.body.message).toBe('La oferta expiró y el lugar pasó a la siguiente persona en la lista de espera.');
    const keys = await t.query<{ idempotency_key: string }>(
      `SELECT idempotency_key FROM correos WHERE template = 'programa.lista-espera-oferta' AND ref_id = $1 ORDER BY id`,
      [p.id],
    );
    expect(keys.map((k) => k.idempotency_key)).toEqual([
      `programa.lista-espera-oferta:${first}:1`,
      `programa.lista-espera-oferta:${second}:1`,
    ]);

    // With nobody left in line, the place is free again once the last offer lapses.
    await eventually(
      () => places(t, p.id),
      (x) => x.held === 0,
    );
    await registerForProgram(t, p.slug, applicationBody(300)).expect(201);
  });
});

describe('unconfirmed program joins expire (short WAITLIST_CONFIRM_HOURS) and hold nothing meanwhile', () => {
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
    const { p } = await fullProgramWithLine(t, admin, 1, 0, 100);
    await join(t, p.slug, 200).expect(202);
    const late = await entryId(t, p.id, 200);
    const token = await confirmToken(t, late);
    await eventually(
      async () =>
        (await t.query<{ due: boolean }>(`SELECT confirm_until <= now() AS due FROM programa_lista_espera WHERE id = $1`, [late]))[0],
      (r) => r.due,
    );
    const EXPIRED = {
      message: 'El enlace para confirmar expiró y tu solicitud se descartó. Si aún te interesa, vuelve a unirte a la lista de espera.',
      code: 'LINK_EXPIRED',
    };
    expect((await t.http().get(`/api/lista-espera/programa/confirmar/${token}`).expect(410)).body).toMatchObject(EXPIRED);
    expect((await t.http().post(`/api/lista-espera/programa/confirmar/${token}`).expect(410)).body).toMatchObject(EXPIRED);
    expect(await places(t, p.id)).toMatchObject({ current: 1, held: 0, waiting: 0 });

    const { ProgramWaitlistSweepJob } = await import('../../api/src/modules/programs/jobs/program-waitlist-offer-expiry.job');
    await t.workers!.get(ProgramWaitlistSweepJob).handle();
    expect((await offerOf(t, late)).status).toBe('expired');
    expect(await places(t, p.id)).toMatchObject({ current: 1, held: 0, waiting: 0 });

    await join(t, p.slug, 200).expect(202);
    const again = await entryId(t, p.id, 200);
    expect(again).not.toBe(late);
    expect((await offerOf(t, again)).status).toBe('pending');
  });
});
