import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { OUTBOX_CHANNEL } from '../../api/src/core/constants';
import { OutboxRepository } from '../../api/src/core/outbox/outbox.repository';
import { AuditRepository } from '../../api/src/core/audit/audit.repository';
import { DOMAIN_EVENTS_PRUNE_EVERY_MS, DOMAIN_EVENTS_RETENTION_DAYS } from '../../api/src/core/constants';
import { PruneEventsJob } from '../../api/src/core/outbox/prune-events.job';
import { QueueWorkers } from '../../workers/src/queue-workers';
import { JobPublisher } from '../../api/src/core/jobs/job-publisher';
import { appWithCuttableRedis, type TcpProxy } from '../setup/tcp-proxy';
import { ROOMS } from '@shared/events/socket-events';
import { eventually, nextPush, TestApp, signedInApp } from '../setup/test-app';

const count = async (t: TestApp, sql: string) => Number((await t.query<{ n: string }>(sql))[0].n);

describe('domain events → audit trail (outbox, BullMQ job, idempotent)', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s));

  it('each change writes one domain event and, through the audit job, one audit entry with who, what and IP', async () => {
    const u = await t.createUser(admin, { email: 'auditada@aforo.test' });
    const event = await t.query<{ id: string; type: string; actor_id: number; resource_id: string }>(
      `SELECT id, type, actor_id, resource_id FROM domain_events WHERE type = 'user.created'`,
    );
    expect(event).toHaveLength(1);
    const rows = await eventually(
      () =>
        t.query<{ action: string; resource_type: string; resource_id: string; user_id: number; ip: string }>(
          `SELECT * FROM audit_logs WHERE event_id = $1`,
          [event[0].id],
        ),
      (r) => r.length === 1,
    );
    expect(rows[0]).toMatchObject({ action: 'create', resource_type: 'user', resource_id: String(u.id), user_id: event[0].actor_id });
    expect(rows[0].ip).toMatch(/127\.0\.0\.1/);
  });

  it("a commit that writes events notifies the relays (a worker's batch is pushed at once, not at the next scan); a rollback does not", async () => {
    const [{ n: relays }] = await t.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'aforo-relay'`,
    );
    expect(relays).toBe(1);
    // A connection of its own, as the workers' process writes events.
    const worker = new DataSource({ ...t.app.get(DataSource).options, name: 'worker-like' } as never);
    await worker.initialize();
    const listener = new Client({ connectionString: t.config.databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (m) => heard.push(m.channel));
    await listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
    try {
      const outbox = new OutboxRepository();
      const event = { type: 'user.deleted' as const, resourceId: 999_999, payload: { user_id: 999_999 } };
      await worker
        .transaction(async (m) => {
          await outbox.insert(m, { userId: null, ip: null }, [event]);
          throw new Error('rollback');
        })
        .catch(() => undefined);
      await worker.transaction((m) => outbox.insert(m, { userId: null, ip: null }, [event]));
      await eventually(
        async () => heard.length,
        (n) => n >= 1,
      );
      expect(heard).toEqual([OUTBOX_CHANNEL]);
    } finally {
      await listener.end();
      await worker.destroy();
    }
  });

  it('a failed change writes no event (same transaction)', async () => {
    const before = await count(t, 'SELECT count(*) AS n FROM domain_events');
    await t
      .as(admin)
      .post('/api/users')
      .send({ name: 'Dup', email: 'auditada@aforo.test', password: 'password-1', password_confirmation: 'password-1' })
      .expect(422);
    const me = (await t.as(admin).get('/api/me')).body.data.user;
    await t.as(admin).put(`/api/users/${me.id}`).send({ name: me.name, email: me.email, is_super_admin: false }).expect(409);
    expect(await count(t, 'SELECT count(*) AS n FROM domain_events')).toBe(before);
  });

  it('the audit handler is idempotent by event id, whatever batches the events come in', async () => {
    const events = await t.query<{ id: string }>(`SELECT id FROM domain_events ORDER BY seq DESC LIMIT 3`);
    const ids = events.map((e) => e.id);
    const repo = t.workers!.get(AuditRepository);
    const results = await Promise.all([repo.writeFromEvents(ids), repo.writeFromEvents([ids[0]]), repo.writeFromEvents(ids.slice(1))]);
    expect(results.map((r) => r.map((e) => e.eventId))).toEqual([ids, [ids[0]], ids.slice(1)]);
    expect(await count(t, `SELECT count(*) AS n FROM audit_logs WHERE event_id = ANY('{${ids.join(',')}}'::uuid[])`)).toBe(3);
  });

  it('published and audited events older than the retention are pruned on a schedule; unaudited or recent ones stay', async () => {
    const u = await t.createUser(admin, { email: 'podada@aforo.test' });
    await t.flushOutbox();
    const [audited] = await eventually(
      () => t.query<{ id: string }>(`SELECT id FROM domain_events WHERE type = 'user.created' AND resource_id = $1`, [String(u.id)]),
      (rows) => rows.length === 1,
    );
    await eventually(
      () => count(t, `SELECT count(*) AS n FROM audit_logs WHERE event_id = '${audited.id}'`),
      (n) => n === 1,
    );
    const old = `now() - make_interval(days => ${DOMAIN_EVENTS_RETENTION_DAYS + 1})`;
    await t.query(`UPDATE domain_events SET published_at = ${old} WHERE id = $1`, [audited.id]);
    // An old published event whose audit job has not run yet (the workers down for days, say).
    const waiting = randomUUID();
    await t.query(
      `INSERT INTO domain_events (id, type, payload, occurred_at, published_at) VALUES ($1, 'user.updated', '{}', ${old}, ${old})`,
      [waiting],
    );
    const before = await count(t, `SELECT count(*) AS n FROM domain_events`);

    await t.workers!.get(PruneEventsJob).handlePruneEvents();

    expect(await t.query(`SELECT id FROM domain_events WHERE id = ANY($1::uuid[])`, [[audited.id, waiting]])).toEqual([{ id: waiting }]);
    expect(await count(t, `SELECT count(*) AS n FROM domain_events`)).toBe(before - 1);
    expect(await count(t, `SELECT count(*) AS n FROM audit_logs WHERE event_id = '${audited.id}'`)).toBe(1); // the trail stays
    await t.query(`DELETE FROM domain_events WHERE id = $1`, [waiting]);

    const schedules = await eventually(
      () => t.workers!.get(QueueWorkers).schedules(),
      (found) => found.some((s) => s.id === 'prune-domain-events'),
    );
    expect(schedules).toContainEqual({ id: 'prune-domain-events', every: DOMAIN_EVENTS_PRUNE_EVERY_MS });
  });
});

describe('nothing is lost when Redis is unreachable', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, proxy, close } = await appWithCuttableRedis());
  });
  afterAll(() => close?.());

  it('changes commit while Redis is cut; audit entries arrive once it is back — none missing, none doubled', async () => {
    const admin = await t.login();
    await eventually(
      () => count(t, 'SELECT count(*) AS n FROM audit_logs'),
      (n) => n === 1,
    );

    await proxy.cut();
    const created: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await t
        .as(admin)
        .post('/api/users')
        .send({ name: `Sin Redis ${i}`, email: `sinredis${i}@aforo.test`, password: 'password-1', password_confirmation: 'password-1' });
      expect(res.status).toBe(201);
      created.push(res.body.user.id);
    }
    await t.as(admin).put(`/api/users/${created[0]}`).send({ name: 'Editado sin Redis', email: 'sinredis0@aforo.test' }).expect(200);
    await t.as(admin).delete(`/api/users/${created[1]}`).expect(200);
    await new Promise((r) => setTimeout(r, 1500)); // the relay retries meanwhile and must not lose or double anything
    expect(await count(t, 'SELECT count(*) AS n FROM audit_logs')).toBe(1);
    expect(await count(t, 'SELECT count(*) AS n FROM domain_events WHERE published_at IS NULL')).toBe(10);

    await proxy.restore();
    await eventually(
      () => count(t, 'SELECT count(*) AS n FROM audit_logs'),
      (n) => n === 11,
      15000,
    );
    expect(await count(t, 'SELECT count(*) AS n FROM domain_events WHERE published_at IS NULL')).toBe(0);
    const perEvent = await t.query<{ event_id: string; n: string }>(
      'SELECT event_id, count(*) AS n FROM audit_logs GROUP BY event_id HAVING count(*) > 1',
    );
    expect(perEvent).toEqual([]);
    const actions = await t.query<{ action: string; n: string }>(
      'SELECT action, count(*)::int AS n FROM audit_logs GROUP BY action ORDER BY action',
    );
    expect(actions).toEqual([
      { action: 'create', n: 8 },
      { action: 'delete', n: 1 },
      { action: 'login', n: 1 },
      { action: 'update', n: 1 },
    ]);
  }, 40000);
});

describe('a push does not wait for its jobs', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let close: () => Promise<void>;
  beforeAll(async () => {
    // No workers: the job is looked for in its queue, where the relay put it.
    ({ t, proxy, close } = await appWithCuttableRedis({ workers: false }));
  });
  afterAll(async () => {
    proxy?.release();
    await close?.();
  });

  const unpublished = () => count(t, 'SELECT count(*) AS n FROM domain_events WHERE published_at IS NULL');

  it('reaches the screen while Redis holds its job and its claim is uncommitted; queued once, pushed once', async () => {
    const admin = await t.login(); // the login's event: once published, the relay has queued jobs and knows Redis answers
    await eventually(unpublished, (n) => n === 0);
    const watcher = await t.socketIn(ROOMS.users, admin);

    // Redis stops answering on connections that stay up: the relay cannot queue the audit job (it waits, gives
    // up, rolls its claim back and tries again), so the event stays unpublished.
    proxy.hold();
    const pushed = nextPush(watcher, 'user.created', 20_000);
    const res = await t
      .as(admin)
      .post('/api/users')
      .send({ name: 'Antes que su bitácora', email: 'antes@aforo.test', password: 'password-1', password_confirmation: 'password-1' });
    expect(res.status).toBe(201);
    const msg = await pushed;
    expect(msg.data.user).toMatchObject({ id: res.body.user.id });
    expect(await unpublished()).toBe(1); // pushed before its job was queued and its claim committed

    // Once Redis answers, the event is published with its job; this process does not push it again.
    const again: string[] = [];
    watcher.on('user.created', (m) => again.push(m.event_id));
    proxy.release();
    await eventually(unpublished, (n) => n === 0, 20_000);
    const job = await t.app.get(JobPublisher).queueFor('audit.write').getJob(msg.event_id);
    expect(job?.data).toEqual({ eventIds: [msg.event_id] });
    await t.flushOutbox();
    expect(again).toEqual([]);
  }, 60_000);
});
