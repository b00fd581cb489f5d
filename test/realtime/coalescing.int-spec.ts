import { ROOMS } from '../../api/src/shared/events/socket-events';
import { createEvent, registrationBody, registerForEvent } from '../factories/external-events';
import { eventually, signedInApp, type TestApp } from '../setup/test-app';

/**
 * A room receiving changes faster than a screen uses them gets them in batches (at once when idle,
 * one batch per short window when busy). Coalescing must never drop, repeat or reorder a change: a burst of N
 * changes to one board reaches the screen whole, in the order the changes were committed, in fewer messages.
 */
describe('pushes in a burst are coalesced, never dropped nor reordered', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s), { env: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000' } });

  it('a burst of N changes to one board: the screen sees all N, in commit order, once each, in fewer messages than N', async () => {
    const N = 80;
    const CONFIRMED = 10;
    const e = await createEvent(t, admin, { max_attendees: N + CONFIRMED });
    // Registrations to confirm during the burst (an update of each, after its creation).
    const early: number[] = [];
    for (let i = 0; i < CONFIRMED; i += 1) {
      const r = await registerForEvent(t, e.slug, registrationBody(1000 + i)).expect(201);
      early.push(r.body.registration.id as number);
    }
    await t.flushOutbox();

    const board = await t.socket(admin);
    expect((await t.join(board, ROOMS.externalEvent(e.id))).ok).toBe(true);
    const messages: Array<{ event: string; event_id: string }> = [];
    const changes: string[] = [];
    board.onAny((event: string, msg: { event_id: string; data: Record<string, unknown> }) => {
      if (event !== 'registrations.created' && event !== 'registration.updated') return;
      messages.push({ event, event_id: msg.event_id });
      if (event === 'registrations.created')
        for (const r of msg.data.registrations as Array<{ id: number }>) changes.push(`created:${r.id}`);
      else changes.push(`updated:${(msg.data.registration as { id: number }).id}`);
    });

    // The burst: N new registrations and the confirmation of the early ones, all at once.
    const answers = await Promise.all([
      ...Array.from({ length: N }, (_, i) => registerForEvent(t, e.slug, registrationBody(i))),
      ...early.map((id) => t.as(admin).put(`/api/eventos-externos/${e.id}/registrations/${id}/confirm`)),
    ]);
    expect(answers.map((a) => a.status).filter((s) => s >= 300)).toEqual([]);

    await eventually(
      () => changes.length,
      (n) => n >= N + CONFIRMED,
    );
    // What was published, in the order the relay published it: its batches (published_at, one per relay transaction),
    // each in the outbox's sequence. Not `seq` alone: concurrent transactions take their seq before they commit, so one
    // with a lower seq can commit (and be published) after one with a higher seq.
    const committed = await t.query<{ type: string; rid: string }>(
      `SELECT type, COALESCE(payload->'registration'->>'id', payload->>'registration_id') AS rid
         FROM domain_events
        WHERE type IN ('registration.created', 'registration.confirmed') AND (payload->>'event_id')::int = $1
          AND NOT (type = 'registration.created' AND (payload->'registration'->>'id')::int = ANY($2::int[]))
        ORDER BY published_at, seq`,
      [e.id, early],
    );
    const expected = committed.map((c) => `${c.type === 'registration.created' ? 'created' : 'updated'}:${c.rid}`);
    expect(expected).toHaveLength(N + CONFIRMED);
    await new Promise((r) => setTimeout(r, 300)); // nothing more (no duplicate) comes after

    // All N + 10, once each.
    expect([...changes].sort()).toEqual([...expected].sort());
    expect(new Set(changes).size).toBe(changes.length);
    // In order: new registrations in commit order, updates in commit order (combining moves a new registration
    // earlier, never past a change about the same registration).
    expect(changes.filter((c) => c.startsWith('created'))).toEqual(expected.filter((c) => c.startsWith('created')));
    expect(changes.filter((c) => c.startsWith('updated'))).toEqual(expected.filter((c) => c.startsWith('updated')));
    // Fewer messages than changes, and no message repeated.
    expect(messages.length).toBeLessThan(N + CONFIRMED);
    expect(new Set(messages.map((m) => m.event_id)).size).toBe(messages.length);
  });
});
