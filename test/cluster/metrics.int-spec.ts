import { readFileSync } from 'node:fs';
import request from 'supertest';
import { TestCluster } from '../setup/cluster';
import { metricNames, parseMetrics, sampleValue } from '../setup/metrics-text';
import { eventually } from '../setup/test-app';

/**
 * GET /metrics of every process of `npm run start:cluster` (1 api, 1 realtime, 1 workers behind HAProxy): real
 * processes on this file's database and Redis prefix, no METRICS_TOKEN (only this machine reads them).
 */
describe('metrics of every process of the cluster', () => {
  let c: TestCluster;

  beforeAll(async () => {
    c = await TestCluster.start({ api: 1, realtime: 1, workers: 1 });
  }, 180_000);

  afterAll(() => c?.stop());

  const scrape = async (url: string) => {
    const res = await request(url).get('/metrics');
    expect(res.status).toBe(200);
    return parseMetrics(res.text);
  };

  it('each process answers with its own metrics (api: HTTP; realtime: sockets; workers: queues, outbox, mail)', async () => {
    const workers = c.workersMetrics.get('workers1')!;
    expect(workers).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const expected: Array<[string, string[]]> = [
      [c.direct('api1'), ['http_request_duration_seconds']],
      [c.direct('realtime1'), ['aforo_realtime_sockets', 'http_request_duration_seconds']], // per room kind: next test, with a room
      [workers, ['aforo_queue_jobs', 'aforo_outbox_lag_seconds', 'aforo_outbox_pending', 'aforo_mails']],
    ];
    for (const [url, names] of expected) {
      const found = metricNames(await scrape(url));
      for (const name of [...names, 'nodejs_eventloop_lag_seconds', 'process_cpu_seconds_total']) expect(found).toContain(name);
    }
    // The registration pattern a citizen's request goes through is counted on the api process, not elsewhere.
    await request(c.proxyUrl).post('/api/eventos/no-existe/register').send({});
    const api = await eventually(
      () => scrape(c.direct('api1')),
      (s) => s.some((x) => x.labels.route === '/api/eventos/:slug/register'),
    );
    expect(api.some((x) => x.labels.route?.includes('no-existe'))).toBe(false);
  });

  it('the realtime process counts the sockets it holds, by room kind', async () => {
    const s = await c.socket(c.proxyUrl);
    expect(await c.joinRoom(s, 'public:eventos')).toEqual({ ok: true });
    const samples = await eventually(
      () => scrape(c.direct('realtime1')),
      (x) => (sampleValue(x, 'aforo_realtime_room_sockets', { kind: 'public:eventos' }) ?? 0) >= 1,
    );
    expect(sampleValue(samples, 'aforo_realtime_sockets')).toBeGreaterThanOrEqual(1);
  });

  it('from elsewhere (a proxy names another client) every process answers 404, as for a path that does not exist', async () => {
    for (const url of [c.direct('api1'), c.direct('realtime1'), c.workersMetrics.get('workers1')!]) {
      const res = await request(url).get('/metrics').set('X-Forwarded-For', '203.0.113.7');
      expect([res.status, res.body]).toEqual([404, { code: 'NOT_FOUND', message: 'El recurso solicitado no existe.' }]);
    }
  });

  it("writes Prometheus' targets: every process, with its role", () => {
    const file = /Métricas \(.*\): (\S+prometheus-targets\.json)/.exec(c.output)![1];
    const targets = JSON.parse(readFileSync(file, 'utf8')) as Array<{ targets: string[]; labels: { role: string; process: string } }>;
    const byProcess = Object.fromEntries(targets.map((t) => [t.labels.process, { role: t.labels.role, target: t.targets[0] }]));
    expect(byProcess).toEqual({
      api1: { role: 'api', target: `127.0.0.1:${c.replicas.get('api1')!.port}` },
      realtime1: { role: 'realtime', target: `127.0.0.1:${c.replicas.get('realtime1')!.port}` },
      workers1: { role: 'workers', target: c.workersMetrics.get('workers1')!.replace('http://', '') },
    });
  });
});
