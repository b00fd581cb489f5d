import { Client } from 'pg';
import { SignedLinks } from '../../api/src/core/links/signed-links';
import { createEvent, joinEventWaitlist, registerForEvent, registrationBody } from '../factories/external-events';
import { applicationBody, createPrograma, joinProgramWaitlist, registerForProgram } from '../factories/programs';
import { eventually, signedInApp, type TestApp } from '../setup/test-app';
import {
  acceptToken,
  AREAS,
  confirmToken,
  entry,
  entryId,
  fullWithLine,
  join,
  LINK_INVALID,
  mails,
  OFFER_EXPIRED,
  places,
  placesOf,
  waitlistSettings,
} from './areas';

/**
 * The waitlist's rules that need an app of their own (a short offer hold, a short confirmation time, a low per-IP
 * limit of joins), and the accept racing a deletion; for every area that has a waitlist (./areas.ts). The rest of
 * its behaviour is in waitlist.int-spec.ts: apart, Jest runs the two files on different workers.
 */

describe('waitlist offers expire and pass on (short hold via WAITLIST_OFFER_HOURS)', () => {
  let t: TestApp;
  let admin: string;
  // 0.0005 h = 1.8 s.
  signedInApp((s) => ({ t, admin } = s), waitlistSettings({ WAITLIST_OFFER_HOURS: '0.0005' }));

  describe.each(AREAS)('of %s', (_, a) => {
    it('the delayed job expires an unanswered offer and offers the place to the next; the late link says so', async () => {
      const { owner, registrations } = await fullWithLine(t, a, admin, 1, 2, 100);
      await a.free(t, admin, owner, registrations[0]).expect(200);
      const first = await entryId(t, a, owner.id, 200);
      const second = await entryId(t, a, owner.id, 201);
      const offer = await entry(t, a, first);
      expect(offer.offered_until!.getTime() - Date.now()).toBeLessThanOrEqual(2000);
      const token = await acceptToken(t, a, first);
      await t.flushOutbox();
      // No sweep needed: the job delayed until the offer's end does it.
      await eventually(
        () => entry(t, a, second),
        (o) => o.status === 'offered',
      );
      expect((await entry(t, a, first)).status).toBe('expired');
      expect(await places(t, a, owner.id)).toMatchObject({ current: 0, held: 1, waiting: 0 });
      const late = await t.http().post(`${a.paths.accept}${token}`);
      expect(late.status).toBe(410);
      expect(late.body.message).toBe(OFFER_EXPIRED);
      const keys = (await mails(t, a, a.templates.offer, owner.id)).map((m) => m.idempotency_key);
      expect(keys).toEqual([a.keys.offer(first, 1), a.keys.offer(second, 1)]);

      // With nobody left in line, the place is free again once the last offer lapses.
      await eventually(
        () => places(t, a, owner.id),
        (p) => p.held === 0,
      );
      await a.register(t, owner, 300);
    });

    it('the sweep expires offers whose job never ran; accepting in time works with a short hold too', async () => {
      const { owner, registrations } = await fullWithLine(t, a, admin, 2, 2, 400);
      await a.free(t, admin, owner, registrations[0]).expect(200);
      const first = await entryId(t, a, owner.id, 500);
      await t
        .http()
        .post(`${a.paths.accept}${await acceptToken(t, a, first)}`)
        .expect(201);
      await a.free(t, admin, owner, registrations[1]).expect(200);
      const second = await entryId(t, a, owner.id, 501);
      expect((await entry(t, a, second)).status).toBe('offered');
      // Remove its delayed job (as if Redis lost it), then make it due: only the sweep can expire it now.
      const queue = t.app.get((await import('../../api/src/core/jobs/job-publisher')).JobPublisher).queueFor(a.jobs.expire);
      await t.flushOutbox();
      await eventually(async () => (await queue.getJob(a.jobs.expireId(second, 1))) !== undefined);
      await (await queue.getJob(a.jobs.expireId(second, 1)))!.remove();
      await t.query(`UPDATE ${a.table} SET offered_until = now() - interval '1 second' WHERE id = $1`, [second]);
      await t.workers!.get(await a.jobs.sweep()).handle();
      expect((await entry(t, a, second)).status).toBe('expired');
      expect(await places(t, a, owner.id)).toMatchObject({ current: 1, held: 0, waiting: 0 });
    });
  });
});

describe('unconfirmed joins expire (short WAITLIST_CONFIRM_HOURS) and hold nothing meanwhile', () => {
  let t: TestApp;
  let admin: string;
  // 0.0005 h = 1.8 s.
  signedInApp((s) => ({ t, admin } = s), waitlistSettings({ WAITLIST_CONFIRM_HOURS: '0.0005' }));

  describe.each(AREAS)('of %s', (_, a) => {
    it('a late confirmation is refused in Spanish; the sweep expires what was never confirmed; the address may join again', async () => {
      const { owner } = await fullWithLine(t, a, admin, 1, 0, 100);
      await join(t, a, owner.slug, 200).expect(202);
      await join(t, a, owner.slug, 201).expect(202);
      const late = await entryId(t, a, owner.id, 200);
      const never = await entryId(t, a, owner.id, 201);
      const token = await confirmToken(t, a, late);
      const due = async (ids: number[]) =>
        (await t.query<{ due: boolean }>(`SELECT bool_and(confirm_until <= now()) AS due FROM ${a.table} WHERE id = ANY($1)`, [ids]))[0];
      // Both past their time (the second join came later: on a busy machine, by more than a moment).
      await eventually(
        () => due([late, never]),
        (r) => r.due,
      );
      const EXPIRED = {
        message: 'El enlace para confirmar expiró y tu solicitud se descartó. Si aún te interesa, vuelve a unirte a la lista de espera.',
        code: 'LINK_EXPIRED',
      };
      expect((await t.http().get(`${a.paths.confirm}${token}`).expect(410)).body).toMatchObject(EXPIRED);
      expect((await t.http().post(`${a.paths.confirm}${token}`).expect(410)).body).toMatchObject(EXPIRED);
      expect(await places(t, a, owner.id)).toMatchObject({ current: 1, held: 0, waiting: 0 });

      // The sweep (the workers' schedule) expires both; nothing counted moves.
      await t.workers!.get(await a.jobs.sweep()).handle();
      expect((await entry(t, a, late)).status).toBe('expired');
      expect((await entry(t, a, never)).status).toBe('expired');
      expect(await places(t, a, owner.id)).toMatchObject({ current: 1, held: 0, waiting: 0 });

      // The address may join again (a new entry, its own message); a lapsed one gives way even before the sweep.
      await join(t, a, owner.slug, 200).expect(202);
      const again = await entryId(t, a, owner.id, 200);
      expect(again).not.toBe(late);
      expect((await entry(t, a, again)).status).toBe('pending');
      await eventually(
        () => due([again]),
        (r) => r.due,
      );
      await join(t, a, owner.slug, 200).expect(202);
      expect((await entry(t, a, again)).status).toBe('expired');
      expect((await entry(t, a, await entryId(t, a, owner.id, 200))).status).toBe('pending');
      const [{ n }] = await t.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM correos WHERE template = $1 AND lower(to_email) = lower($2)`,
        [a.templates.confirm, a.mailTo(200)],
      );
      expect(n).toBe(3);
    });
  });
});

/**
 * Accepting reads the entry's owner, then locks the owner row and the entry. An owner (or entry) deleted in between
 * made those locks find nothing and the accept answered 500. Here the deletion happens exactly there:
 * another transaction holds the owner row, the accept waits on it, and that transaction deletes and commits.
 */
describe('an offer accepted while its owner or entry is deleted (between the read and the locks)', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s));

  describe.each(AREAS)('of %s', (_, a) => {
    /** A published owner with a limit of 1 whose only place is held for one waitlist entry (offered for an hour). */
    async function heldOffer(i: number): Promise<{ ownerId: number; entryId: number; token: string }> {
      const owner = await a.create(t, admin, 1);
      const [row] = await t.query<{ id: number; offered_until: Date }>(
        `INSERT INTO ${a.table} (${a.ownerColumn}, ${a.rawEntry.columns}, ${a.emailColumn}, status, offer_count, offered_until, confirmed_at)
         VALUES ($1, ${a.rawEntry.values}, $2, 'offered', 1, now() + interval '1 hour', now())
         RETURNING id, offered_until`,
        [owner.id, `carrera${i}@correo.mx`],
      );
      await t.query(`UPDATE ${a.ownerTable} SET held_places = 1 WHERE id = $1`, [owner.id]);
      return { ownerId: owner.id, entryId: row.id, token: t.app.get(SignedLinks).sign(a.purposes.accept, row.id, row.offered_until) };
    }

    /** Holds the owner row, lets the accept start and wait for it, then runs `deletion` there and commits. */
    async function acceptWhileDeleting(ownerId: number, token: string, deletion: (c: Client) => Promise<unknown>) {
      const holder = new Client({ connectionString: t.config.databaseUrl });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query(`SELECT id FROM ${a.ownerTable} WHERE id = $1 FOR UPDATE`, [ownerId]);
        const accepting = t
          .http()
          .post(`${a.paths.accept}${token}`)
          .then((r) => r);
        // The accept has read the entry's owner and now waits for the row this transaction holds.
        await eventually(
          () =>
            t.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%FOR UPDATE%'`,
            ),
          (rows) => rows[0].n === 1,
        );
        await deletion(holder);
        await holder.query('COMMIT');
        return await accepting;
      } finally {
        await holder.end();
      }
    }

    it('the owner deleted: the link is refused as the accept page refuses it (404), never a 500', async () => {
      const { ownerId, token } = await heldOffer(1);
      const res = await acceptWhileDeleting(ownerId, token, (c) => c.query(`DELETE FROM ${a.ownerTable} WHERE id = $1`, [ownerId]));
      expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: expect.objectContaining(LINK_INVALID) });
      // The page the link opens says the same.
      expect((await t.http().get(`${a.paths.accept}${token}`).expect(404)).body).toMatchObject(LINK_INVALID);
    });

    it('the entry deleted: 404 with the same refusal, and the owner is left as it was', async () => {
      const { ownerId, entryId: id, token } = await heldOffer(2);
      const res = await acceptWhileDeleting(ownerId, token, (c) => c.query(`DELETE FROM ${a.table} WHERE id = $1`, [id]));
      expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: expect.objectContaining(LINK_INVALID) });
      const p = await placesOf(t, a, ownerId);
      expect(p).toMatchObject({ current: 0, registered: 0 });
    });
  });
});

describe('joins have their own per-IP limit (WAITLIST_JOIN_LIMIT_PER_MINUTE), both waitlists together', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s), waitlistSettings({ WAITLIST_JOIN_LIMIT_PER_MINUTE: '3' }));

  it('the 4th join in a minute answers 429 in Spanish — an event or a program alike; registrations are not affected', async () => {
    const e = await createEvent(t, admin, { max_attendees: 1 });
    await registerForEvent(t, e.slug, registrationBody(1)).expect(201);
    const p = await createPrograma(t, admin, { max_participantes: 1 });
    await registerForProgram(t, p.slug, applicationBody(1)).expect(201);
    // Not at the end of a minute's window (the limit counts per minute).
    const second = new Date().getSeconds();
    if (second > 50) await new Promise((r) => setTimeout(r, (61 - second) * 1000));

    for (const i of [2, 3, 4]) await joinEventWaitlist(t, e.slug, registrationBody(i)).expect(202);
    const refused = await joinEventWaitlist(t, e.slug, registrationBody(5)).expect(429);
    expect(refused.body).toMatchObject({
      message: 'Demasiadas solicitudes desde tu conexión. Espera un momento e intenta de nuevo.',
      code: 'TOO_MANY_REQUESTS',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await joinProgramWaitlist(t, p.slug, applicationBody(5)).expect(429);
    // The limit is the joins' own: other public writes still pass (here: the full event's own refusal).
    await registerForEvent(t, e.slug, registrationBody(6)).expect(409);
    const [{ n }] = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM external_waitlist WHERE event_id = $1`, [e.id]);
    expect(n).toBe(3);
  });
});
