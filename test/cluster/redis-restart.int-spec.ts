import request from 'supertest';
import { eventBody } from '../factories/external-events';
import { TestCluster } from '../setup/cluster';
import { OwnRedis } from '../setup/redis-server';
import { ADMIN, bearer, eventually, nextPush, type TestSocket } from '../setup/test-app';

/**
 * A Redis restart in the middle of a stream of changes: the cluster's own redis-server (AOF on,
 * as `npm start`'s private one and production's), stopped and started again while staff screens watch and
 * changes keep coming. Every acknowledged change is committed with its outbox row and published when Redis is
 * back; a screen never gets one twice, and a screen on a process whose subscription was lost meanwhile (Redis
 * pub/sub keeps nothing for it) is told to resync, so none is missed.
 */
describe('Redis restarts in the middle of a stream of changes', () => {
  let c: TestCluster;
  let redis: OwnRedis;
  let admin = '';

  beforeAll(async () => {
    redis = await OwnRedis.start();
    c = await TestCluster.start({ api: 1, realtime: 2, workers: 1 }, { redisUrl: redis.url });
    admin = (await request(c.proxyUrl).post('/api/login').send(ADMIN)).body.token as string;
  }, 180_000);

  afterAll(async () => {
    await c?.stop();
    await redis?.remove();
  });

  it('every acknowledged change reaches the screens on both realtime processes at most once, or they resync', async () => {
    const screens: TestSocket[] = [await c.socket(c.direct('realtime1'), admin), await c.socket(c.direct('realtime2'), admin)];
    for (const s of screens) await c.joinRoom(s, 'external-events');
    const seen = screens.map(() => new Map<string, number>());
    screens.forEach((s, i) =>
      s.on('external-event.created', (m) => seen[i].set(m.data.event.title, (seen[i].get(m.data.event.title) ?? 0) + 1)),
    );
    const resynced = screens.map(() => false);
    screens.forEach((s, i) => s.on('live.resync', () => (resynced[i] = true)));

    const acknowledged: string[] = [];
    let restarted = false;
    for (let i = 0; i < 30; i++) {
      if (i === 10) {
        await redis.stop();
        restarted = true;
      }
      if (i === 20) await redis.start();
      const title = `Festival del Barrio Antiguo ${i}`;
      const res = await request(c.proxyUrl).post('/api/eventos-externos').set(bearer(admin)).send(eventBody({ title }));
      if (res.status === 201) acknowledged.push(title);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(restarted).toBe(true);
    // Staff changes do not need Redis to be acknowledged: they are committed with their outbox row.
    expect(acknowledged).toHaveLength(30);
    // Every screen either got every change or was told to refetch (which reads them all from the database).
    await eventually(() => seen.every((m, i) => resynced[i] || acknowledged.every((t) => m.has(t))), Boolean, 60_000);
    expect(resynced).toEqual([true, true]); // both subscriptions were lost with Redis
    for (const m of seen) for (const t of acknowledged) expect(m.get(t) ?? 0).toBeLessThanOrEqual(1);
    // What they refetch holds every acknowledged change; and pushes flow again after the restart.
    const listed = await request(c.proxyUrl).get('/api/eventos-externos').set(bearer(admin));
    const titles = new Set((listed.body.events as Array<{ title: string }>).map((e) => e.title));
    for (const t of acknowledged) expect(titles.has(t)).toBe(true);
    const after = screens.map((s) => nextPush(s, 'external-event.created', 20_000, (m) => m.data.event.title === 'Después del reinicio'));
    expect(
      (
        await request(c.proxyUrl)
          .post('/api/eventos-externos')
          .set(bearer(admin))
          .send(eventBody({ title: 'Después del reinicio' }))
      ).status,
    ).toBe(201);
    await Promise.all(after);
  }, 150_000);
});
