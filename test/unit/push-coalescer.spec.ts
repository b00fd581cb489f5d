import { PushCoalescer } from '../../api/src/core/realtime/push-coalescer';
import type { RoutedPush } from '../../api/src/core/realtime/push-routes';
import { EXTERNAL_EVENTS_PUSH_MERGES } from '../../api/src/modules/external-events/external-events.realtime';

/** Per room, at once when idle, one batch per window when busy, every change kept, in order. */
describe('push coalescer (pushes in a burst)', () => {
  const WINDOW = 25;
  let clock = 0;
  let sent: RoutedPush[][] = [];
  let c: PushCoalescer;

  beforeEach(() => {
    jest.useFakeTimers();
    clock = 0;
    sent = [];
    c = new PushCoalescer(
      WINDOW,
      EXTERNAL_EVENTS_PUSH_MERGES,
      (batch) => sent.push(batch),
      () => clock,
    );
  });
  afterEach(() => jest.useRealTimers());

  const advance = (ms: number) => {
    clock += ms;
    jest.advanceTimersByTime(ms);
  };
  const created = (n: number, rooms = ['external-event:7']): RoutedPush => ({
    spec: { event: 'registrations.created', rooms, data: { event_id: 7, registrations: [{ id: n }] } as never },
    eventIds: [`e${n}`],
    occurredAt: new Date(0),
  });
  const updated = (n: number, rooms = ['external-event:7']): RoutedPush => ({
    spec: { event: 'registration.updated', rooms, data: { event_id: 7, registration: { id: n } } as never },
    eventIds: [`u${n}`],
    occurredAt: new Date(0),
  });
  const counts = (version: number, rooms = ['external-event:7']): RoutedPush => ({
    spec: { event: 'event.counts', rooms, data: { counts: [{ id: 7, version: String(version), current_attendees: version }] } as never },
    eventIds: [`counts:7v${version}`],
    occurredAt: new Date(0),
  });
  /** What a screen in `room` sees, in order: each change once (registrations by id, updates, counts versions). */
  const seen = (room = 'external-event:7') =>
    sent
      .flat()
      .filter((p) => p.spec.rooms.includes(room))
      .flatMap((p) => {
        const d = p.spec.data as {
          registrations?: Array<{ id: number }>;
          registration?: { id: number };
          counts?: Array<{ version: string }>;
        };
        if (p.spec.event === 'registrations.created') return d.registrations!.map((r) => `c${r.id}`);
        if (p.spec.event === 'registration.updated') return [`u${d.registration!.id}`];
        return d.counts!.map((x) => `v${x.version}`);
      });

  it('an idle room gets a push at once', () => {
    c.push([created(1)]);
    expect(sent).toHaveLength(1);
    expect(c.waiting).toBe(0);
  });

  it('a burst of N changes to one room: every change, in order, once, in far fewer messages than N', () => {
    const N = 200;
    const order: string[] = [];
    for (let i = 1; i <= N; i += 1) {
      // A change every 2 ms; every fifth one updates the registration created just before it.
      if (i % 5 === 0) {
        c.push([updated(i - 1)]);
        order.push(`u${i - 1}`);
      } else {
        c.push([created(i)]);
        order.push(`c${i}`);
      }
      advance(2);
    }
    advance(WINDOW);
    expect(c.waiting).toBe(0);
    // Creations combine (moved earlier, never past a change about the same registration); updates keep their order.
    const got = seen();
    expect([...got].sort()).toEqual([...order].sort());
    expect(new Set(got).size).toBe(N);
    for (let i = 1; i <= N; i += 1) if (i % 5 === 0) expect(got.indexOf(`c${i - 1}`)).toBeLessThan(got.indexOf(`u${i - 1}`));
    expect(got.filter((k) => k.startsWith('u'))).toEqual(order.filter((k) => k.startsWith('u')));
    expect(got.filter((k) => k.startsWith('c'))).toEqual(order.filter((k) => k.startsWith('c')));
    // One batch per window at most: 400 ms of changes → about 400 / 25 batches, not 200.
    expect(sent.length).toBeLessThanOrEqual(Math.ceil((2 * N) / WINDOW) + 1);
    const messages = sent.flat().length;
    expect(messages).toBeLessThan(N);
  });

  it('counts waiting together go as the latest of each record', () => {
    c.push([counts(1)]);
    c.push([counts(2)]);
    c.push([counts(3)]);
    advance(WINDOW);
    expect(seen()).toEqual(['v1', 'v3']);
  });

  it('a push to an idle room waits behind pushes still waiting (a socket may be in both rooms)', () => {
    c.push([created(1, ['external-events', 'external-event:7'])]);
    c.push([created(2, ['external-events', 'external-event:7'])]); // busy: waits
    c.push([updated(2, ['external-event:8'])]); // idle room, but must not overtake
    expect(sent).toHaveLength(1);
    advance(WINDOW);
    expect(sent).toHaveLength(2);
    expect(sent[1].map((p) => p.eventIds[0])).toEqual(['e2', 'u2']);
  });

  it("a batch's counts ride with the next batch to the room, in one send, counts first", () => {
    c.push([created(1)]);
    advance(WINDOW + 5);
    c.pushWithNext([counts(1)]); // the room is idle: sent at once, they would make the next batch wait a window
    expect(sent).toHaveLength(1);
    advance(5);
    c.push([created(2)]); // the next batch: goes at once, with the counts
    expect(sent).toHaveLength(2);
    expect(sent[1].map((p) => p.eventIds[0])).toEqual(['counts:7v1', 'e2']);
    expect(c.waiting).toBe(0);
  });

  it('counts with no batch after them go alone once a window has passed', () => {
    c.pushWithNext([counts(1)]);
    advance(WINDOW - 1);
    expect(sent).toHaveLength(0);
    advance(1);
    expect(seen()).toEqual(['v1']);
  });

  it('waiting counts never hold back a change: the queue goes when its rooms are free', () => {
    c.push([created(1)]);
    advance(WINDOW - 10);
    c.pushWithNext([counts(1)]); // busy room: due in 10 ms, and riders alone would wait a window
    advance(2);
    c.push([created(2)]); // a change for the busy room: the queue goes at the window's end, 8 ms from now
    advance(7);
    expect(sent).toHaveLength(1);
    advance(1);
    expect(sent).toHaveLength(2);
    expect(seen()).toEqual(['c1', 'v1', 'c2']);
  });

  it('flush sends what waits at once, in order', () => {
    c.push([created(1)]);
    c.push([updated(1)]);
    c.push([created(2)]);
    c.flush();
    expect(seen()).toEqual(['c1', 'u1', 'c2']);
    expect(c.waiting).toBe(0);
  });
});
