import { SignedLinks } from '../../api/src/core/links/signed-links';
import { signedInApp, type TestApp } from '../setup/test-app';
import {
  acceptToken,
  AREAS,
  confirm,
  confirmToken,
  entry,
  entryId,
  fullWithLine,
  join,
  JOIN_SENT,
  joinConfirmed,
  LINK_INVALID,
  mails,
  OFFER_EXPIRED,
  places,
  type WaitlistArea,
  waitlistSettings,
} from './areas';

/**
 * The waitlist's behaviour, proven once for every area that has one (./areas.ts: external
 * events, programs with a limit): both run on the one engine (api/src/core/waitlist), so each rule below holds for each.
 * What only one area has lives in its own folder (test/external-events, test/programs). The rules that need an app
 * of their own (short holds, the per-IP limit) and the deletion races are in waitlist-expiry.int-spec.ts: a file
 * each, Jest runs them on different workers.
 */

const hoursUntil = (d: Date) => (d.getTime() - Date.now()) / 3600_000;
const other = (a: WaitlistArea) => AREAS.find(([, x]) => x !== a)![1];

describe('the waitlist, 24 h offers', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s), waitlistSettings());
  const sign: SignedLinks['sign'] = (...args) => t.app.get(SignedLinks).sign(...args);

  describe.each(AREAS)('of %s', (_, a) => {
    const listed = async (id: number) =>
      (await t.as(admin).get(a.paths.staff(id)).expect(200)).body.entries.map((x: { id: number }) => x.id);

    it('joining: only when full, same rules as the form; one answer for every address; in line only once confirmed', async () => {
      const owner = await a.create(t, admin, 1);
      const early = await join(t, a, owner.slug, 1).expect(409);
      expect(early.body).toMatchObject({ message: a.messages.placesAvailable, code: 'PLACES_AVAILABLE' });
      await a.register(t, owner, 1);

      const bad = await join(t, a, owner.slug, 2, a.badJoin.overrides).expect(422);
      expect(bad.body.errors).toEqual(a.badJoin.errors);

      // A new address, the same address again (pending), an address already registered: one answer.
      const fresh = await join(t, a, owner.slug, 2).expect(202);
      const again = await join(t, a, owner.slug, 2, a.sameAddress(2)).expect(202);
      const registered = await join(t, a, owner.slug, 1).expect(202);
      for (const res of [fresh, again, registered]) expect(res.body).toEqual(JOIN_SENT);
      await join(t, a, 'no-existe', 3).expect(404);

      // Pending: one entry, not counted, not on the staff list; one confirmation message to the address.
      const pending = await entryId(t, a, owner.id, 2);
      const e = await entry(t, a, pending);
      expect(e).toMatchObject({ status: 'pending', confirmed_at: null });
      const [{ n }] = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${a.table} WHERE ${a.ownerColumn} = $1`, [owner.id]);
      expect(n).toBe(1);
      expect(hoursUntil(e.confirm_until!)).toBeGreaterThan(2.9);
      expect(hoursUntil(e.confirm_until!)).toBeLessThanOrEqual(3);
      expect(await places(t, a, owner.id)).toMatchObject({ current: 1, held: 0, waiting: 0 });
      expect(await listed(owner.id)).toEqual([]);
      const sent = (await mails(t, a, a.templates.confirm, owner.id)).map(({ idempotency_key, to_email, data }) => ({
        idempotency_key,
        to_email,
        data,
      }));
      expect(sent).toEqual([
        {
          idempotency_key: a.keys.confirm(pending),
          to_email: a.mailTo(2),
          data: {
            motivo: 'confirmar',
            entrada_id: pending,
            confirmar_hasta: e.confirm_until!.toISOString(),
            nombre: a.firstName,
            ...a.ownerMail(owner),
          },
        },
        // The registered address hears that it needs nothing (its registrant's own name, never the asker's).
        {
          idempotency_key: expect.stringMatching(a.keys.registered),
          to_email: a.mailTo(1),
          data: { motivo: 'ya-registrado', nombre: a.firstName, ...a.ownerMail(owner) },
        },
      ]);

      // The confirm page, then the confirmation: in line, counted, on the staff list; twice changes nothing.
      const token = await confirmToken(t, a, pending);
      const view = await t.http().get(`${a.paths.confirm}${token}`).expect(200);
      expect(view.body).toEqual({
        nombre: a.firstName,
        ...a.facts(owner),
        confirmar_hasta: e.confirm_until!.toISOString(),
        confirmada: false,
      });
      const confirmed = await t.http().post(`${a.paths.confirm}${token}`).expect(200);
      expect(confirmed.body).toEqual({ message: 'Confirmaste tu correo: ya estás en la lista de espera.' });
      const twice = await t.http().post(`${a.paths.confirm}${token}`).expect(200);
      expect(twice.body).toEqual({ message: 'Tu lugar en la lista de espera ya estaba confirmado.' });
      expect((await t.http().get(`${a.paths.confirm}${token}`).expect(200)).body.confirmada).toBe(true);
      expect(await places(t, a, owner.id)).toMatchObject({ current: 1, held: 0, waiting: 1 });
      const [{ joined }] = await t.query<{ joined: number }>(
        `SELECT count(*)::int AS joined FROM domain_events WHERE type = $1 AND resource_id = $2`,
        [a.events.joined, String(pending)],
      );
      expect(joined).toBe(1);
      // The other waitlist's confirm page never takes this one's token.
      expect(
        (
          await t
            .http()
            .post(`${other(a).paths.confirm}${token}`)
            .expect(404)
        ).body,
      ).toMatchObject(LINK_INVALID);

      // Already waiting: the same answer, and nothing new.
      expect((await join(t, a, owner.slug, 2).expect(202)).body).toEqual(JOIN_SENT);
      const [counted] = await t.query<{ entries: number; messages: number }>(
        `SELECT (SELECT count(*)::int FROM ${a.table} WHERE ${a.ownerColumn} = $1) AS entries,
                (SELECT count(*)::int FROM correos WHERE template = $2 AND ref_id = $1) AS messages`,
        [owner.id, a.templates.confirm],
      );
      expect(counted).toEqual({ entries: 1, messages: 2 });

      const page = await a.publicPage(t, owner);
      expect(page.counts).toMatchObject({ [a.capacityField]: 1, ...a.counts({ current: 1, held: 0, waiting: 1 }) });
      expect(JSON.stringify(page.body)).not.toMatch(a.pagePersonal);
    });

    it('50 parallel joins with one e-mail, then 50 parallel confirms: one entry, one message, in line once (the database decides)', async () => {
      const { owner } = await fullWithLine(t, a, admin, 1, 0, 50);
      const results = await Promise.all(Array.from({ length: 50 }, () => join(t, a, owner.slug, 77)));
      expect(results.filter((r) => r.status === 202)).toHaveLength(50);
      const [created] = await t.query<{ n: number; mails: number }>(
        `SELECT (SELECT count(*)::int FROM ${a.table} WHERE ${a.ownerColumn} = $1) AS n,
                (SELECT count(*)::int FROM correos WHERE template = $2 AND ref_id = $1) AS mails`,
        [owner.id, a.templates.confirm],
      );
      expect(created).toEqual({ n: 1, mails: 1 });
      const token = await confirmToken(t, a, await entryId(t, a, owner.id, 77));
      const confirms = await Promise.all(Array.from({ length: 50 }, () => t.http().post(`${a.paths.confirm}${token}`)));
      expect(confirms.map((r) => r.status)).toEqual(Array(50).fill(200));
      expect(confirms.filter((r) => r.body.message === 'Confirmaste tu correo: ya estás en la lista de espera.')).toHaveLength(1);
      expect((await places(t, a, owner.id)).waiting).toBe(1);
      const [{ joined }] = await t.query<{ joined: number }>(
        `SELECT count(*)::int AS joined FROM domain_events WHERE type = $1 AND payload->>'${a.events.ownerKey}' = $2`,
        [a.events.joined, String(owner.id)],
      );
      expect(joined).toBe(1);
    });

    it('control: without the partial unique index the same joins write duplicates (so the test above would catch a missing guard)', async () => {
      const { owner } = await fullWithLine(t, a, admin, 1, 0, 60);
      await t.query(`DROP INDEX ${a.emailIndex}`);
      try {
        // ON CONFLICT names the index: without it the statement fails; a check-then-insert is what a missing guard
        // would do. Two joins in flight at once, deterministically: each transaction checks and inserts before the
        // other commits (neither sees the other's row), as the 50 parallel joins do when they overlap.
        const insert = `INSERT INTO ${a.table} (${a.ownerColumn}, ${a.rawEntry.columns}, ${a.emailColumn}, status, confirm_until)
           SELECT $1, ${a.rawEntry.values}, 'mismo@correo.mx', 'pending', now() + interval '1 hour'
            WHERE NOT EXISTS (SELECT 1 FROM ${a.table} WHERE ${a.ownerColumn} = $1 AND ${a.emailColumn} = 'mismo@correo.mx')
           RETURNING id`;
        const [x, y] = [t.db.createQueryRunner(), t.db.createQueryRunner()];
        try {
          await x.startTransaction();
          await y.startTransaction();
          const inserted = [...(await x.query(insert, [owner.id])), ...(await y.query(insert, [owner.id]))];
          await x.commitTransaction();
          await y.commitTransaction();
          expect(inserted).toHaveLength(2);
        } finally {
          await x.release();
          await y.release();
        }
        const [{ n }] = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${a.table} WHERE ${a.ownerColumn} = $1`, [owner.id]);
        expect(n).toBeGreaterThan(1);
      } finally {
        await t.query(`DELETE FROM ${a.table} WHERE ${a.ownerColumn} = $1`, [owner.id]);
        await t.query(
          `CREATE UNIQUE INDEX ${a.emailIndex} ON ${a.table} (${a.ownerColumn}, lower(btrim(${a.emailColumn})))
            WHERE status IN ('pending', 'waiting', 'offered')`,
        );
      }
    });

    it('an unconfirmed join holds nothing and is never offered a place; the line goes by confirmation time', async () => {
      const { owner, registrations } = await fullWithLine(t, a, admin, 1, 0, 600);
      // A joins first but does not confirm (yet); B joins after and confirms.
      await join(t, a, owner.slug, 700).expect(202);
      const first = await entryId(t, a, owner.id, 700);
      const b = await joinConfirmed(t, a, owner, 701);
      expect(await listed(owner.id)).toEqual([b]);

      // A place frees: it goes to B (confirmed), never to A (pending), although A joined first.
      await a.free(t, admin, owner, registrations[0]).expect(200);
      expect((await entry(t, a, b)).status).toBe('offered');
      expect((await entry(t, a, first)).status).toBe('pending');
      const offers = (await mails(t, a, a.templates.offer, owner.id)).map((m) => m.data.entrada_id);
      expect(offers).toEqual([b]);
      expect(await places(t, a, owner.id)).toMatchObject({ current: 0, held: 1, waiting: 0 });

      // C confirms, then A: the line is B (offered), C, A — by confirmation, not by joining.
      const c = await joinConfirmed(t, a, owner, 702);
      await confirm(t, a, first);
      expect(await listed(owner.id)).toEqual([b, c, first]);
      await t
        .as(admin)
        .delete(`${a.paths.staff(owner.id)}/${b}`)
        .expect(200);
      expect((await entry(t, a, c)).status).toBe('offered');
      expect((await entry(t, a, first)).status).toBe('waiting');
    });

    it('a confirmation arriving with a place already free is offered it at once', async () => {
      const { owner, registrations } = await fullWithLine(t, a, admin, 1, 0, 800);
      await join(t, a, owner.slug, 900).expect(202);
      const id = await entryId(t, a, owner.id, 900);
      // The place frees while the join is pending: nobody in line, so it is free (the pending join holds nothing).
      await a.free(t, admin, owner, registrations[0]).expect(200);
      expect(await places(t, a, owner.id)).toMatchObject({ current: 0, held: 0, waiting: 0 });
      await confirm(t, a, id);
      expect((await entry(t, a, id)).status).toBe('offered');
      expect(await places(t, a, owner.id)).toMatchObject({ current: 0, held: 1, waiting: 0 });
    });

    it('a freed place is offered to the first in line, held (nobody else takes it), its message queued; accepting registers once', async () => {
      const owner = await a.create(t, admin, 2);
      const r1 = await a.register(t, owner, 1000);
      await a.register(t, owner, 1001);
      const first = await joinConfirmed(t, a, owner, 1100);
      await joinConfirmed(t, a, owner, 1101);

      const board = await t.socket(admin);
      await t.join(board, a.rooms.staff(owner.id));
      const anon = await t.socket();
      await t.join(anon, a.rooms.public(owner.id));
      const offeredPush = a.entryPush(board, (e) => e.status === 'offered');
      const publicCounts = a.countsPush(anon, (c) => c.held_places === 1);

      await a.free(t, admin, owner, r1).expect(200);
      const offer = await entry(t, a, first);
      expect(offer.status).toBe('offered');
      expect(hoursUntil(offer.offered_until!)).toBeGreaterThan(23.9);
      expect(hoursUntil(offer.offered_until!)).toBeLessThanOrEqual(24);
      expect(await places(t, a, owner.id)).toMatchObject({ current: 1, held: 1, waiting: 1 });
      expect(await offeredPush).toMatchObject({ id: first, status: 'offered', offer_count: 1, [a.entryEmail]: a.email(1100) });
      const pub = await publicCounts;
      expect(pub.counts).toMatchObject(a.counts({ current: 1, held: 1, waiting: 1 }));
      expect(JSON.stringify(pub.data)).not.toMatch(a.personal);

      const [mail] = await t.query(
        `SELECT idempotency_key, to_email, to_name, data, ref_type, ref_id FROM correos WHERE template = $1 AND data->>'entrada_id' = $2`,
        [a.templates.offer, String(first)],
      );
      expect(mail).toEqual({
        idempotency_key: a.keys.offer(first, 1),
        to_email: a.mailTo(1100),
        to_name: a.fullName,
        data: { entrada_id: first, nombre: a.firstName, oferta_hasta: offer.offered_until!.toISOString(), ...a.ownerMail(owner) },
        ref_type: a.refType,
        ref_id: owner.id,
      });

      // The held place is not free: a registration burst takes nothing.
      const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => a.registerAnswer(t, owner, 1500 + i)));
      expect(burst.every((r) => r.status === 409)).toBe(true);
      expect(await places(t, a, owner.id)).toMatchObject({ current: 1, held: 1 });

      // The link's page shows the offer (first name only); accepting registers them and queues their message.
      const token = await acceptToken(t, a, first);
      const view = await t.http().get(`${a.paths.accept}${token}`).expect(200);
      expect(view.body).toEqual({ nombre: a.firstName, ...a.facts(owner), oferta_hasta: offer.offered_until!.toISOString() });
      const created = a.registrationPush(board);
      const accepted = await t.http().post(`${a.paths.accept}${token}`).expect(201);
      expect(accepted.body).toEqual({
        message: '¡Registro Exitoso!',
        registration: { id: expect.any(Number), status: a.registration.status },
      });
      expect(await created).toMatchObject({ id: accepted.body.registration.id, [a.entryEmail]: a.email(1100) });
      expect(await places(t, a, owner.id)).toMatchObject({ current: 2, held: 0, waiting: 1 });
      const [{ n }] = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM correos WHERE idempotency_key = $1`, [
        a.registration.mailKey(accepted.body.registration.id),
      ]);
      expect(n).toBe(1);

      // Reused link: a clear answer; nothing changes.
      const reused = await t.http().post(`${a.paths.accept}${token}`).expect(409);
      expect(reused.body).toMatchObject({ message: a.messages.offerUsed, code: 'LINK_USED' });
      expect((await t.http().get(`${a.paths.accept}${token}`)).status).toBe(409);
      expect(await places(t, a, owner.id)).toMatchObject({ current: 2, held: 0, waiting: 1 });
    });

    it('50 parallel accepts of one offer → exactly one registration', async () => {
      const { owner, registrations } = await fullWithLine(t, a, admin, 1, 2, 2000);
      await a.free(t, admin, owner, registrations[0]).expect(200);
      const token = await acceptToken(t, a, await entryId(t, a, owner.id, 2100));
      const results = await Promise.all(Array.from({ length: 50 }, () => t.http().post(`${a.paths.accept}${token}`)));
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(49);
      expect(await places(t, a, owner.id)).toMatchObject({ current: 1, held: 0, registered: 1, waiting: 1 });
      const [{ n }] = await t.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${a.registration.table} WHERE ${a.ownerColumn} = $1 AND lower(${a.emailColumn}) = lower($2)`,
        [owner.id, a.email(2100)],
      );
      expect(n).toBe(1);
    });

    it('a place freed while an offer is being accepted is never held twice nor lost', async () => {
      for (let round = 0; round < 5; round++) {
        // limit 2: A and B registered, X offered after A frees; then B frees while X accepts.
        const { owner, registrations } = await fullWithLine(t, a, admin, 2, 3, 3000 + round * 1000);
        await a.free(t, admin, owner, registrations[0]).expect(200);
        const token = await acceptToken(t, a, await entryId(t, a, owner.id, 3100 + round * 1000));
        const [freed, accept] = await Promise.all([a.free(t, admin, owner, registrations[1]), t.http().post(`${a.paths.accept}${token}`)]);
        expect([freed.status, accept.status]).toEqual([200, 201]);
        // B's place went to the next in line (held), X is registered: 1 registered + 1 held, 1 still waiting.
        expect(await places(t, a, owner.id)).toMatchObject({ current: 1, held: 1, waiting: 1 });
      }
    });

    it('registrations racing a freed place never take the one held for the first in line', async () => {
      const { owner, registrations } = await fullWithLine(t, a, admin, 3, 1, 8000);
      const results = await Promise.all([
        a.free(t, admin, owner, registrations[0]),
        ...Array.from({ length: 30 }, (_, i) => a.registerAnswer(t, owner, 8500 + i)),
      ]);
      expect(results[0].status).toBe(200);
      // Before the place frees the owner is full; after it, the freed place is held for the one waiting.
      expect(results.slice(1).filter((r) => r.status === 201)).toHaveLength(0);
      expect(await places(t, a, owner.id)).toMatchObject({ current: 2, held: 1, waiting: 0 });
    });

    it('a raised limit offers places; lowering below taken + held is refused; once closed, an offer out is refused and its place freed', async () => {
      const { owner } = await fullWithLine(t, a, admin, 1, 4, 9000);
      await a.setLimit(t, admin, owner, 3).expect(200);
      expect(await places(t, a, owner.id)).toMatchObject({ current: 1, held: 2, waiting: 2 });
      const lowered = await a.setLimit(t, admin, owner, 2).expect(422);
      expect(lowered.body.errors[a.capacityField][0]).toMatch(/lugares apartados para la lista de espera \(1 \+ 2\)/);
      expect(await places(t, a, owner.id)).toMatchObject({ max: 3, held: 2 });

      // Closed: nobody is offered anything; an offer out is refused on accept with a clear message (its place freed).
      const token = await acceptToken(t, a, await entryId(t, a, owner.id, 9100));
      await a.setLimit(t, admin, owner, 3, a.closedStatus).expect(200);
      const closed = await t.http().post(`${a.paths.accept}${token}`).expect(410);
      expect(closed.body).toMatchObject({ message: a.messages.closed, code: 'LINK_EXPIRED' });
      expect(await places(t, a, owner.id)).toMatchObject({ current: 1, held: 1, waiting: 2 });
    });

    it('staff see the line (view), remove with delete permission; removing an offer passes the place on, live', async () => {
      const { owner, registrations } = await fullWithLine(t, a, admin, 1, 3, 9500);
      const viewer = await t.createUser(admin, { email: `viewer-${a.table}@aforo.test`, permissions: a.viewer });
      const outsider = await t.createUser(admin, { email: `outsider-${a.table}@aforo.test`, permissions: { personas: ['view'] } });

      const list = await t.as(viewer.token).get(a.paths.staff(owner.id)).expect(200);
      expect(list.body.entries.map((x: Record<string, unknown>) => [x[a.entryEmail], x.status])).toEqual([
        [a.email(9600), 'waiting'],
        [a.email(9601), 'waiting'],
        [a.email(9602), 'waiting'],
      ]);
      await t.as(outsider.token).get(a.paths.staff(owner.id)).expect(403);
      await t.http().get(a.paths.staff(owner.id)).expect(401);
      await t.as(admin).get(a.paths.staff(999999)).expect(404);

      await a.free(t, admin, owner, registrations[0]).expect(200);
      const offered = await entryId(t, a, owner.id, 9600);
      expect((await entry(t, a, offered)).status).toBe('offered');

      const board = await t.socket(viewer.token);
      await t.join(board, a.rooms.staff(owner.id));
      const removedPush = a.entryPush(board, (e) => e.status === 'removed');
      const nextOffered = a.entryPush(board, (e) => e.status === 'offered' && e[a.entryEmail] === a.email(9601));
      await t
        .as(viewer.token)
        .delete(`${a.paths.staff(owner.id)}/${offered}`)
        .expect(403);
      await t
        .as(admin)
        .delete(`${a.paths.staff(owner.id)}/${offered}`)
        .expect(200);
      await t
        .as(admin)
        .delete(`${a.paths.staff(owner.id)}/${offered}`)
        .expect(404);
      expect((await removedPush).id).toBe(offered);
      expect(await nextOffered).toMatchObject({ status: 'offered', offer_count: 1 });
      expect(await places(t, a, owner.id)).toMatchObject({ current: 0, held: 1, waiting: 1 });

      // Someone waiting (no offer) leaves the count of people waiting.
      await t
        .as(admin)
        .delete(`${a.paths.staff(owner.id)}/${await entryId(t, a, owner.id, 9602)}`)
        .expect(200);
      expect(await places(t, a, owner.id)).toMatchObject({ held: 1, waiting: 0 });

      // The removed person's link no longer works.
      const stale = sign(a.purposes.accept, offered, new Date(Date.now() + 3600_000));
      expect((await t.http().post(`${a.paths.accept}${stale}`).expect(409)).body.message).toBe('Esta oferta ya no está disponible.');
    });

    it("the domain event's entry equals the staff list's (the board applies one and reloads the other)", async () => {
      const { owner } = await fullWithLine(t, a, admin, 1, 1, 9900);
      const [{ payload }] = await t.query<{ payload: { entry: Record<string, unknown> } }>(
        `SELECT payload FROM domain_events WHERE type = $1 AND payload->>'${a.events.ownerKey}' = $2`,
        [a.events.joined, String(owner.id)],
      );
      const list = await t.as(admin).get(a.paths.staff(owner.id)).expect(200);
      expect(payload.entry).toEqual(list.body.entries[0]);
    });

    it('accept links: tampered, foreign purpose (a cancel link, the other waitlist), expired — clear answers, never a 500', async () => {
      const { owner, registrations } = await fullWithLine(t, a, admin, 1, 1, 9700);
      await a.free(t, admin, owner, registrations[0]).expect(200);
      const id = await entryId(t, a, owner.id, 9800);
      const good = await acceptToken(t, a, id);
      const [kid, eid, exp, sig] = good.split('.');
      const tampered = `${kid}.${eid}.${exp}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
      // The same id signed for another purpose: another table, or another kind of link.
      const foreign = [a.otherAccept, 'cancel-registration' as const].map((p) => sign(p, id, new Date(Number(exp) * 1000)));
      for (const token of [tampered, ...foreign, `${kid}.${eid}.${Number(exp) + 10}.${sig}`, 'x']) {
        for (const method of ['get', 'post'] as const) {
          const res = await t.http()[method](`${a.paths.accept}${token}`);
          expect(res.status).toBe(404);
          expect(res.body).toMatchObject(LINK_INVALID);
        }
      }
      const expired = sign(a.purposes.accept, id, new Date(Date.now() - 1000));
      const gone = await t.http().post(`${a.paths.accept}${expired}`).expect(410);
      expect(gone.body.message).toBe(OFFER_EXPIRED);
      expect(await places(t, a, owner.id)).toMatchObject({ current: 0, held: 1 });
      expect((await entry(t, a, id)).status).toBe('offered');
    });

    it('the sweep expires offers past their time whose delayed job has not run (yet)', async () => {
      const { owner, registrations } = await fullWithLine(t, a, admin, 1, 2, 400);
      await a.free(t, admin, owner, registrations[0]).expect(200);
      const first = await entryId(t, a, owner.id, 500);
      // Due now, while its delayed job waits 24 h: only the sweep can expire it.
      await t.query(`UPDATE ${a.table} SET offered_until = now() - interval '1 second' WHERE id = $1`, [first]);
      await t.workers!.get(await a.jobs.sweep()).handle();
      expect((await entry(t, a, first)).status).toBe('expired');
      expect((await entry(t, a, await entryId(t, a, owner.id, 501))).status).toBe('offered');
      expect(await places(t, a, owner.id)).toMatchObject({ current: 0, held: 1, waiting: 0 });
    });
  });
});
