import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import request from 'supertest';
import { eventBody, registrationBody } from '../factories/external-events';
import { TestCluster } from '../setup/cluster';
import { ADMIN, bearer, eventually, nextPush } from '../setup/test-app';

/**
 * `npm run start:cluster` as a city would run it on one machine (scripts/cluster.mjs): 2 api + 2 realtime +
 * 1 workers behind the system's HAProxy, on this file's own database (cloned from the migrated template) and
 * Redis prefix. Real processes, killed with a real SIGKILL.
 */
describe('replicas behind HAProxy (npm run start:cluster)', () => {
  const c = TestCluster.forTests({ api: 2, realtime: 2, workers: 1 });
  const http = (url = c.proxyUrl) => request(url);
  const direct = (name: string) => c.direct(name);
  const socket = (url: string, token?: string, reconnection = false) => c.socket(url, token, reconnection);
  const joinRoom = (s: Parameters<TestCluster['joinRoom']>[0], room: string) => c.joinRoom(s, room);
  const query = <T>(sql: string, params: unknown[] = []) => c.query<T>(sql, params);
  const crash = (name: string) => c.crash(name);
  const publishedEvent = (places: number) => c.publishedEvent(c.admin, places);

  it('runs each role where it belongs: api replicas serve no socket, realtime replicas serve no API', async () => {
    expect([...c.replicas.keys()].sort()).toEqual(['api1', 'api2', 'realtime1', 'realtime2']);
    const refused = await http(direct('realtime1')).get('/api/eventos-externos').set(bearer(c.admin));
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/tiempo real/) });
    expect((await http(direct('realtime1')).get('/api/health')).status).toBe(200);
    await expect(socket(direct('api1'), c.admin)).rejects.toBeTruthy();
    expect((await http(direct('api1')).get('/api/eventos-externos').set(bearer(c.admin))).status).toBe(200);
  });

  it('replicas answer on loopback only, and a forged X-Forwarded-For through HAProxy names nobody', async () => {
    // An address of this machine that is not loopback: where a neighbour on the network would knock.
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && !a.internal && a.family === 'IPv4')?.address;
    if (!outside) {
      console.warn('sin interfaz de red distinta de loopback: se omite la parte "desde fuera"');
    } else {
      for (const r of c.replicas.values()) {
        const outcome = await new Promise<string>((resolve) => {
          const s = connect({ host: outside, port: r.port });
          s.once('connect', () => (s.destroy(), resolve('conectado')));
          s.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
        });
        expect({ replica: r.name, outcome }).toEqual({ replica: r.name, outcome: 'ECONNREFUSED' });
      }
    }
    const forged = '203.0.113.66';
    const login = await http().post('/api/login').set('X-Forwarded-For', forged).send(ADMIN);
    expect(login.status).toBe(200);
    const ips = await eventually(
      () => query<{ ip: string }>(`SELECT ip FROM domain_events WHERE type = 'auth.logged-in' ORDER BY occurred_at DESC LIMIT 1`),
      (rows) => rows.length === 1,
    );
    expect(ips[0].ip).not.toBe(forged);
  });

  it('a session made on one api replica works on the other, and a logout on one revokes it on all', async () => {
    const login = await http(direct('api1')).post('/api/login').send(ADMIN);
    const token = login.body.token as string;
    expect((await http(direct('api2')).get('/api/me').set(bearer(token))).status).toBe(200);
    expect((await http(direct('api2')).post('/api/logout').set(bearer(token))).status).toBeLessThan(300);
    expect((await http(direct('api1')).get('/api/me').set(bearer(token))).status).toBe(401);
  });

  it('a change made through one api replica reaches the sockets of both realtime processes, once each', async () => {
    const a = await socket(direct('realtime1'), c.admin);
    const b = await socket(direct('realtime2'), c.admin);
    await joinRoom(a, 'external-events');
    await joinRoom(b, 'external-events');
    const seen = { a: 0, b: 0 };
    const title = `Concierto en la Macroplaza ${randomBytes(2).toString('hex')}`;
    a.on('external-event.created', (m) => (seen.a += m.data.event.title === title ? 1 : 0));
    b.on('external-event.created', (m) => (seen.b += m.data.event.title === title ? 1 : 0));
    const created = await http(direct('api2')).post('/api/eventos-externos').set(bearer(c.admin)).send(eventBody({ title }));
    expect(created.status).toBe(201);
    await eventually(() => seen.a === 1 && seen.b === 1);
    // Two relays run (one per realtime process): each outbox row is published by one of them only.
    await new Promise((r) => setTimeout(r, 1500));
    expect(seen).toEqual({ a: 1, b: 1 });
  });

  it('a burst spread over the replicas never oversells and the counter is exact', async () => {
    const { id, slug } = await publishedEvent(40);
    const results = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        http()
          .post(`/api/eventos/${slug}/register`)
          .send(registrationBody(500_000 + i)),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(40);
    expect(statuses.filter((s) => s === 409)).toHaveLength(110);
    const [row] = await query<{ current: number; real: number }>(
      `SELECT e.current_attendees AS current, (SELECT count(*)::int FROM external_registrations r WHERE r.event_id = e.id) AS real
         FROM external_events e WHERE e.id = $1`,
      [id],
    );
    expect(row).toEqual({ current: 40, real: 40 });
  }, 60_000);

  it('SIGKILL of an api replica mid-burst loses no acknowledged registration; the proxy sends to the other', async () => {
    const { id, slug } = await publishedEvent(5000);
    const acknowledged: string[] = [];
    const statuses: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < 400) {
        const body = registrationBody(600_000 + next++);
        const res = await http().post(`/api/eventos/${slug}/register`).send(body);
        statuses.push(res.status);
        if (res.status === 201) acknowledged.push(body.email);
      }
    };
    const burst = Promise.all(Array.from({ length: 16 }, worker));
    await eventually(() => statuses.length >= 80);
    await crash('api1');
    await burst;
    const stored = new Set(
      (await query<{ email: string }>(`SELECT lower(email) AS email FROM external_registrations WHERE event_id = $1`, [id])).map(
        (r) => r.email,
      ),
    );
    for (const email of acknowledged) expect(stored.has(email.toLowerCase())).toBe(true);
    // Only requests in flight at the crash may fail; the rest went to the living replica.
    expect(statuses.filter((s) => s !== 201).length).toBeLessThanOrEqual(16);
    expect(acknowledged.length).toBeGreaterThanOrEqual(400 - 16);
    // And afterwards everything goes through.
    const after = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        http()
          .post(`/api/eventos/${slug}/register`)
          .send(registrationBody(700_000 + i)),
      ),
    );
    expect(after.map((r) => r.status)).toEqual(Array(20).fill(201));
  }, 120_000);

  it('SIGKILL of a realtime process: its sockets reconnect through the proxy and get the next change', async () => {
    // Through the proxy, with reconnection as the web app has it; least connections spreads them over both.
    const screens = await Promise.all(Array.from({ length: 6 }, () => socket(c.proxyUrl, c.admin, true)));
    for (const s of screens) {
      s.on('connect', () => void joinRoom(s, 'external-events')); // the web app joins again after every reconnect
      await joinRoom(s, 'external-events');
    }
    const disconnected = screens.map(() => false);
    screens.forEach((s, i) => s.on('disconnect', () => (disconnected[i] = true)));
    await crash('realtime1');
    await eventually(() => disconnected.some(Boolean));
    await eventually(() => screens.every((s) => s.connected));
    await new Promise((r) => setTimeout(r, 300)); // the re-join's ack
    const title = `Desfile de Día de Muertos ${randomBytes(2).toString('hex')}`;
    const arrivals = screens.map((s) => nextPush(s, 'external-event.created', 20_000, (m) => m.data.event.title === title));
    expect((await http().post('/api/eventos-externos').set(bearer(c.admin)).send(eventBody({ title }))).status).toBe(201);
    await Promise.all(arrivals);
  }, 60_000);
});
