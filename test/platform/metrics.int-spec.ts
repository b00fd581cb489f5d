import { Queue, type ConnectionOptions } from 'bullmq';
import request from 'supertest';
import { MetricsServer } from '../../api/src/core/metrics/metrics-server';
import { redisOptionsFromUrl } from '../../api/src/core/redis/redis-options';
import { createEvent, registerForEvent, registrationBody } from '../factories/external-events';
import { metricNames, parseMetrics, sampleValue } from '../setup/metrics-text';
import { ADMIN, appPerFile, eventually, nextPush, signedInApp, type TestApp } from '../setup/test-app';

const TOKEN = 'token-de-metricas-de-prueba-0123456789';
const UNAUTHORIZED = { code: 'UNAUTHENTICATED', message: 'Se requiere un token válido para leer las métricas.' };
const NOT_FOUND = { code: 'NOT_FOUND', message: 'El recurso solicitado no existe.' };
const REGISTER_ROUTE = '/api/eventos/:slug/register';
/** A room kind label: plain words and `{id}`, nothing else (no id, no token, no e-mail). */
const KIND = /^([a-z][a-z-]*|\{id\})(:([a-z][a-z-]*|\{id\}))*$/;

async function scrape(url: string) {
  const res = await request(url).get('/metrics');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return { text: res.text, samples: parseMetrics(res.text) };
}

const workersUrl = (t: TestApp) => `http://127.0.0.1:${t.workers!.get(MetricsServer).port}`;

describe('GET /metrics on the API process and on the workers (real PostgreSQL, Redis, HTTP, socket.io)', () => {
  let t: TestApp;
  let admin: string;
  signedInApp((s) => ({ t, admin } = s), { env: { METRICS_TOKEN: TOKEN, METRICS_PORT: '0' } });

  it("the API process answers from this machine: Node's own metrics (event-loop delay), HTTP, sockets", async () => {
    const { samples } = await scrape(t.url);
    const names = metricNames(samples);
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds', 'process_resident_memory_bytes']) {
      expect(names).toContain(name);
    }
    expect(names).toContain('http_request_duration_seconds');
    expect(names).toContain('aforo_realtime_sockets');
    // Outside /api, and not part of the API's document.
    expect((await request(t.url).get('/api/metrics')).status).toBe(404);
    const doc = await t.http().get('/api/docs/openapi.json');
    expect(Object.keys(doc.body.paths).filter((p) => p.includes('metrics'))).toEqual([]);
  });

  it('a registration moves the histogram of its route pattern, never of its URL (slug, e-mail)', async () => {
    const event = await createEvent(t, admin, { max_attendees: 10 });
    const labels = { method: 'POST', route: REGISTER_ROUTE, status_code: '201' };
    const before = sampleValue((await scrape(t.url)).samples, 'http_request_duration_seconds_count', labels) ?? 0;
    const email = 'metricas.persona@correo.mx';
    expect((await registerForEvent(t, event.slug, registrationBody(1, { email }))).status).toBe(201);
    const after = await eventually(
      async () => (await scrape(t.url)).text,
      (text) => (sampleValue(parseMetrics(text), 'http_request_duration_seconds_count', labels) ?? 0) === before + 1,
    );
    expect(sampleValue(parseMetrics(after), 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(before + 1);
    expect(after).not.toContain(event.slug);
    expect(after).not.toContain(email);
    // Every route label is a pattern or "unmatched": no numeric ids.
    const routes = new Set(parseMetrics(after).flatMap((s) => (s.labels.route ? [s.labels.route] : [])));
    for (const route of routes) expect(route).toMatch(/^(unmatched|\/[\w/:{}*.-]*)$/);
    for (const route of routes) expect(route).not.toMatch(/\/\d+(\/|$)/);
  });

  it('sockets per room kind, with kinds only: no user, session or event id in a label', async () => {
    const event = await createEvent(t, admin);
    const anonymous = await t.socket();
    expect(await t.join(anonymous, `public:evento:${event.id}`)).toEqual({ ok: true });
    await t.socket(admin); // joins user:{id} and session:{jti} on its own
    const { text, samples } = await scrape(t.url);
    expect(sampleValue(samples, 'aforo_realtime_sockets')).toBeGreaterThanOrEqual(2);
    expect(sampleValue(samples, 'aforo_realtime_room_sockets', { kind: 'public:evento:{id}' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(samples, 'aforo_realtime_room_sockets', { kind: 'user:{id}' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(samples, 'aforo_realtime_rooms', { kind: 'session:{id}' })).toBeGreaterThanOrEqual(1);
    const kinds = samples.flatMap((s) => (s.labels.kind === undefined ? [] : [s.labels.kind]));
    expect(kinds.length).toBeGreaterThan(0);
    for (const kind of kinds) expect(kind).toMatch(KIND);
    expect(text).not.toContain(ADMIN.email);
  });

  it("a push's delay from its change to its send, by push name only", async () => {
    const watcher = await t.socketIn('external-events', admin);
    const labels = { event: 'external-event.created' };
    const before = sampleValue((await scrape(t.url)).samples, 'aforo_push_delay_seconds_count', labels) ?? 0;
    const pushed = nextPush(watcher, 'external-event.created');
    const event = await createEvent(t, admin, { title: 'Retraso medido' });
    await pushed;
    const { text, samples } = await scrape(t.url);
    expect(sampleValue(samples, 'aforo_push_delay_seconds_count', labels)).toBe(before + 1);
    expect(sampleValue(samples, 'aforo_push_delay_seconds_bucket', { ...labels, le: '+Inf' })).toBe(before + 1);
    expect(sampleValue(samples, 'aforo_push_delay_seconds_sum', labels)).toBeGreaterThanOrEqual(0);
    expect(text).not.toContain(event.slug);
  });

  it('from elsewhere (a proxy names another client) it takes METRICS_TOKEN: 401 in Spanish without it or with a JWT', async () => {
    const outside = { 'X-Forwarded-For': '203.0.113.7' };
    const refused = await request(t.url).get('/metrics').set(outside);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(UNAUTHORIZED);
    expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    const withJwt = await request(t.url).get('/metrics').set(outside).set('Authorization', `Bearer ${admin}`);
    expect(withJwt.status).toBe(401);
    const wrong = await request(t.url).get('/metrics').set(outside).set('Authorization', `Bearer ${TOKEN}x`);
    expect(wrong.status).toBe(401);
    const allowed = await request(t.url).get('/metrics').set(outside).set('Authorization', `Bearer ${TOKEN}`);
    expect(allowed.status).toBe(200);
    expect(allowed.text).toContain('nodejs_eventloop_lag_seconds');
  });

  it("the workers' own listener: queue depth per queue and state, outbox lag, mails by status; refused the same way", async () => {
    const queue = new Queue('maintenance', {
      prefix: `${t.config.redisPrefix}:bull`,
      connection: redisOptionsFromUrl(t.config.redisUrl, { maxRetriesPerRequest: 1 }) as ConnectionOptions,
    });
    const job = await queue.add('maintenance.prune-events', {}, { delay: 3_600_000 });
    try {
      const text = await eventually(
        async () => (await scrape(workersUrl(t))).text,
        (body) => (sampleValue(parseMetrics(body), 'aforo_queue_jobs', { queue: 'maintenance', state: 'delayed' }) ?? 0) >= 1,
      );
      const samples = parseMetrics(text);
      for (const state of ['waiting', 'active', 'delayed', 'failed']) {
        expect(sampleValue(samples, 'aforo_queue_jobs', { queue: 'mail', state })).toEqual(expect.any(Number));
      }
      expect(sampleValue(samples, 'aforo_outbox_lag_seconds')).toBeGreaterThanOrEqual(0);
      expect(sampleValue(samples, 'aforo_outbox_pending')).toBeGreaterThanOrEqual(0);
      expect(sampleValue(samples, 'nodejs_eventloop_lag_seconds')).toEqual(expect.any(Number));
      // The registration above wrote its confirmation mail: it shows under one status; every status has a line.
      const mails = samples.filter((s) => s.name === 'aforo_mails');
      expect(mails.map((s) => s.labels.status).sort()).toEqual(['failed', 'queued', 'sending', 'sent', 'stored', 'suppressed']);
      expect(mails.reduce((sum, s) => sum + s.value, 0)).toBeGreaterThanOrEqual(1);
    } finally {
      await job.remove();
      await queue.close();
    }
    const refused = await request(workersUrl(t)).get('/metrics').set('X-Forwarded-For', '203.0.113.7');
    expect([refused.status, refused.body]).toEqual([401, UNAUTHORIZED]);
    const withToken = await request(workersUrl(t))
      .get('/metrics')
      .set('X-Forwarded-For', '203.0.113.7')
      .set('Authorization', `Bearer ${TOKEN}`);
    expect(withToken.status).toBe(200);
    const elsewhere = await request(workersUrl(t)).get('/api/health');
    expect([elsewhere.status, elsewhere.body]).toEqual([404, NOT_FOUND]);
  });
});

describe('outbox lag while no process relays (ROLES=api: the realtime processes relay)', () => {
  let t: TestApp;
  appPerFile((app) => (t = app), { env: { ROLES: 'api', METRICS_PORT: '0' } });

  it('the oldest undelivered event’s age and the count show on the workers; an api-only process has no socket gauges', async () => {
    await t.query(
      `INSERT INTO domain_events (id, type, resource_type, payload, occurred_at)
       VALUES (gen_random_uuid(), 'user.created', 'user', '{}', now() - interval '1 hour')`,
    );
    const { samples } = await scrape(workersUrl(t));
    expect(sampleValue(samples, 'aforo_outbox_lag_seconds')).toBeGreaterThanOrEqual(3600);
    expect(sampleValue(samples, 'aforo_outbox_pending')).toBeGreaterThanOrEqual(1);
    await request(t.url).get('/api/health').expect(200);
    const api = (await scrape(t.url)).samples;
    expect(sampleValue(api, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/health', status_code: '200' })).toBe(1);
    expect(metricNames(api)).not.toContain('aforo_realtime_sockets');
    // Without METRICS_TOKEN, a caller from elsewhere finds nothing here (404), on either process.
    for (const url of [t.url, workersUrl(t)]) {
      const res = await request(url).get('/metrics').set('X-Forwarded-For', '203.0.113.7');
      expect([res.status, res.body]).toEqual([404, NOT_FOUND]);
    }
  });
});
