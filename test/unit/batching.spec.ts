import { REGISTRATION_BATCHES_IN_FLIGHT } from '../../api/src/modules/external-events/external-events.constants';
import type { OutboxRelay } from '../../api/src/core/outbox/outbox-relay.service';
import { mergePushes, type RoutedPush } from '../../api/src/core/realtime/push-routes';
import { RateLimiter } from '../../api/src/core/redis/rate-limiter';
import type { RedisService } from '../../api/src/core/redis/redis.service';
import type { StoredDomainEvent } from '../../api/src/shared/events/domain-events';
import { EXTERNAL_EVENTS_PUSH_MERGES, EXTERNAL_EVENTS_PUSH_ROUTES } from '../../api/src/modules/external-events/external-events.realtime';
import { RegistrationBatcher } from '../../api/src/modules/external-events/registration-batcher';
import { GroupCommit } from '../../api/src/core/database/group-commit';
import type {
  BatchOutcome,
  BatchRegistration,
  RegistrationsRepository,
} from '../../api/src/modules/external-events/registrations.repository';

const tick = () => new Promise((r) => setTimeout(r, 5));
const SLOTS = REGISTRATION_BATCHES_IN_FLIGHT;

function row(email: string): BatchRegistration {
  return {
    nombre: 'ANA',
    apellidoPaterno: 'GARZA',
    apellidoMaterno: 'PEÑA',
    fechaNacimiento: '1990-01-01',
    phone: '8112345678',
    email,
    avisoVersion: null,
    empresa: null,
    tipoParticipante: 'ciudadano',
    actorId: null,
    ip: '127.0.0.1',
  };
}

/** A repository whose statements answer only when the test lets them. */
function fakeRepository(decide: (rows: BatchRegistration[]) => BatchOutcome[]) {
  const batches: string[][] = [];
  const gates: Array<() => void> = [];
  const repo = {
    registerBatch: async (_slug: string, rows: BatchRegistration[]) => {
      batches.push(rows.map((r) => r.email));
      await new Promise<void>((release) => gates.push(release));
      return decide(rows);
    },
  };
  const releaseAll = async () => {
    while (gates.length) gates.shift()!();
    await tick();
  };
  return { repo: repo as unknown as RegistrationsRepository, batches, releaseAll };
}

describe('registration group commit (RegistrationBatcher)', () => {
  const relay = { kick: jest.fn() } as unknown as OutboxRelay;

  it('registrations that find a free slot go at once; those arriving while every slot is busy go together, in order', async () => {
    let id = 0;
    const fake = fakeRepository((rows) => rows.map(() => ({ outcome: 'ok', id: ++id, status: 'registered' })));
    const batcher = new RegistrationBatcher(fake.repo, relay);
    const alone = Array.from({ length: SLOTS }, (_, i) => `s${i}@x.mx`);
    const first = alone.map((email) => batcher.submit('feria', row(email)));
    await tick();
    expect(fake.batches).toEqual(alone.map((email) => [email]));
    const rest = ['c', 'd', 'e'].map((n) => batcher.submit('feria', row(`${n}@x.mx`)));
    const other = batcher.submit('otro', row('z@x.mx')); // another event: its own slots, not blocked
    await tick();
    expect(fake.batches).toEqual([...alone.map((email) => [email]), ['z@x.mx']]);
    await fake.releaseAll();
    expect(fake.batches[SLOTS + 1]).toEqual(['c@x.mx', 'd@x.mx', 'e@x.mx']);
    await fake.releaseAll();
    const outcomes = await Promise.all([...first, ...rest, other]);
    const ids = outcomes.map((o) => (o.outcome === 'ok' ? o.id : 0));
    expect(ids).toEqual([...alone.map((_, i) => i + 1), SLOTS + 2, SLOTS + 3, SLOTS + 4, SLOTS + 1]);
    expect(fake.batches).toHaveLength(SLOTS + 2);
    expect(relay.kick).toHaveBeenCalled();
  });

  it('each request gets its own outcome', async () => {
    const fake = fakeRepository((rows) =>
      rows.map((r): BatchOutcome => (r.email.startsWith('dup') ? { outcome: 'duplicate' } : { outcome: 'full' })),
    );
    const batcher = new RegistrationBatcher(fake.repo, relay);
    const results = Promise.all([batcher.submit('e', row('x@x.mx')), batcher.submit('e', row('dup@x.mx'))]);
    await fake.releaseAll();
    await fake.releaseAll();
    expect((await results).map((o) => o.outcome)).toEqual(['full', 'duplicate']);
  });

  it('a batch that fails as a whole is retried one by one, so only the faulty registration fails', async () => {
    const fake = fakeRepository((rows) => {
      if (rows.some((r) => r.email === 'bad@x.mx')) throw new Error('value too long');
      return rows.map(() => ({ outcome: 'ok', id: 1, status: 'registered' }));
    });
    const batcher = new RegistrationBatcher(fake.repo, relay);
    const alone = Array.from({ length: SLOTS }, (_, i) => batcher.submit('e', row(`s${i}@x.mx`)));
    const good = batcher.submit('e', row('c@x.mx'));
    const bad = batcher.submit('e', row('bad@x.mx')).catch((err: Error) => err);
    for (let i = 0; i < 5; i++) await fake.releaseAll();
    for (const o of await Promise.all(alone)) expect(o.outcome).toBe('ok');
    expect((await good).outcome).toBe('ok');
    expect(await bad).toEqual(new Error('value too long'));
    expect(fake.batches.slice(SLOTS)).toEqual([['c@x.mx', 'bad@x.mx'], ['c@x.mx'], ['bad@x.mx']]);
  });
});

describe('group commit (GroupCommit: the Idempotency-Key claims)', () => {
  /** A statement per batch, answered only when the test lets it. */
  function gated(fail?: (items: string[]) => boolean) {
    const batches: string[][] = [];
    const gates: Array<() => void> = [];
    const commit = new GroupCommit<string, string>(
      async (items) => {
        batches.push(items);
        await new Promise<void>((release) => gates.push(release));
        if (fail?.(items)) throw new Error('la base no respondió');
        return items.map((i) => i.toUpperCase());
      },
      { maxBatch: 3, inFlight: 2 },
    );
    const releaseAll = async () => {
      while (gates.length) gates.shift()!();
      await tick();
    };
    return { commit, batches, releaseAll };
  }

  it('goes at once while a slot is free; what arrives meanwhile goes together, in order, at most maxBatch at a time', async () => {
    const g = gated();
    const first = [g.commit.submit('a'), g.commit.submit('b')];
    await tick();
    expect(g.batches).toEqual([['a'], ['b']]);
    const rest = ['c', 'd', 'e', 'f'].map((i) => g.commit.submit(i));
    await tick();
    expect(g.batches).toHaveLength(2);
    await g.releaseAll();
    await g.releaseAll();
    await g.releaseAll();
    expect(g.batches).toEqual([['a'], ['b'], ['c', 'd', 'e'], ['f']]);
    expect(await Promise.all([...first, ...rest])).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
  });

  it('tells when it is idle again: nothing waiting, nothing in the database', async () => {
    let idle = 0;
    const gates: Array<() => void> = [];
    const commit = new GroupCommit<string, string>(
      async (items) => {
        await new Promise<void>((release) => gates.push(release));
        return items;
      },
      { maxBatch: 3, inFlight: 1, onIdle: () => (idle += 1) },
    );
    const all = ['a', 'b', 'c'].map((i) => commit.submit(i));
    await tick();
    gates.shift()!();
    await tick();
    expect(idle).toBe(0); // b and c are in the database now
    gates.shift()!();
    await Promise.all(all);
    await tick();
    expect(idle).toBe(1);
  });

  it("an Error answered in an item's place fails that item alone", async () => {
    const commit = new GroupCommit<string, string>(async (items) => items.map((i) => (i === 'x' ? new Error(`mal: ${i}`) : i)), {
      maxBatch: 3,
      inFlight: 1,
    });
    const [a, x] = [commit.submit('a'), commit.submit('x').catch((err: Error) => err.message)];
    expect(await a).toBe('a');
    expect(await x).toBe('mal: x');
  });

  it('a batch that fails fails its own items only', async () => {
    const g = gated((items) => items.includes('x'));
    const held = [g.commit.submit('a'), g.commit.submit('b')];
    const failing = ['x', 'y'].map((i) => g.commit.submit(i).catch((err: Error) => err.message));
    await g.releaseAll();
    const after = g.commit.submit('z');
    await g.releaseAll();
    await g.releaseAll();
    expect(await Promise.all(held)).toEqual(['A', 'B']);
    expect(await Promise.all(failing)).toEqual(['la base no respondió', 'la base no respondió']);
    expect(await after).toBe('Z');
  });
});

describe('combined pushes (mergePushes)', () => {
  const created = (seq: number, eventId: number): StoredDomainEvent =>
    ({
      id: `e${seq}`,
      type: 'registration.created',
      actorId: null,
      ip: null,
      resourceType: 'external_registration',
      resourceId: String(seq),
      occurredAt: new Date(),
      payload: { event_id: eventId, registration: { id: seq } },
    }) as unknown as StoredDomainEvent;
  const deleted = (seq: number, eventId: number): StoredDomainEvent =>
    ({ ...created(seq, eventId), type: 'registration.deleted', payload: { event_id: eventId, registration_id: seq } }) as StoredDomainEvent;
  const route = (events: StoredDomainEvent[]): RoutedPush[] =>
    events.flatMap((e) => {
      const routeOf = EXTERNAL_EVENTS_PUSH_ROUTES[e.type as keyof typeof EXTERNAL_EVENTS_PUSH_ROUTES] as (e: StoredDomainEvent) => {
        pushes: RoutedPush['spec'][];
      };
      return routeOf(e).pushes.map((spec) => ({ spec, eventIds: [e.id], occurredAt: e.occurredAt }));
    });

  it('new registrations of one event become one push per room, in order; other pushes keep their place', () => {
    const input = route([created(1, 7), created(2, 7), deleted(1, 7), created(3, 8), created(4, 7)]);
    const merged = mergePushes(input, EXTERNAL_EVENTS_PUSH_MERGES);
    expect(merged.map((p) => [p.spec.event, p.eventIds])).toEqual([
      ['registrations.created', ['e1', 'e2', 'e4']],
      ['registration.deleted', ['e1']],
      ['registrations.created', ['e3']],
    ]);
    expect((merged[0].spec.data as { registrations: Array<{ id: number }> }).registrations.map((r) => r.id)).toEqual([1, 2, 4]);
    // The routed pushes themselves are left as they were.
    expect((input[0].spec.data as { registrations: unknown[] }).registrations).toHaveLength(1);
  });
});

describe('rate limiter counting (coalesced per key)', () => {
  function fakeRedis() {
    const store = new Map<string, number>();
    const calls: number[] = [];
    let gate: Promise<void> = Promise.resolve();
    let open: () => void = () => undefined;
    const client = {
      defineCommand: jest.fn(),
      async aforoRateIncrement(key: string, by: number) {
        calls.push(by);
        await gate;
        store.set(key, (store.get(key) ?? 0) + by);
        return store.get(key);
      },
    };
    const redis = { client, key: (...parts: string[]) => parts.join(':') } as unknown as RedisService;
    return {
      redis,
      calls,
      hold: () => {
        gate = new Promise((r) => (open = r));
      },
      release: () => open(),
    };
  }

  it('counts every request exactly, in one round trip per group, and refuses past the limit', async () => {
    const fake = fakeRedis();
    const limiter = new RateLimiter(fake.redis);
    fake.hold();
    const results = Array.from({ length: 6 }, () =>
      limiter.consume('public-write', '10.0.0.1', 4, 60).then(
        () => 'ok',
        (err: { status?: number }) => err.status ?? 'error',
      ),
    );
    await tick();
    fake.release();
    expect(await Promise.all(results)).toEqual(['ok', 'ok', 'ok', 'ok', 429, 429]);
    expect(fake.calls).toEqual([1, 5]);
  });
});
