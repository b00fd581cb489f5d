#!/usr/bin/env node
// Webhooks: a burst of registrations delivered to 10 receivers (npm run bench:webhooks); figures go to
// docs/benchmarks.md (its own section only).
//
// 10 endpoints subscribed to registro.creado, each a real HTTP server in this process on loopback
// (WEBHOOK_ALLOW_PRIVATE_TARGETS=true), answering 200 at once. One published external event; N public registrations
// (default 5,000) sent by --concurrency clients. Measured, in one run: each delivery's latency (the receiver's clock
// at arrival − the event's `ocurrido_at`, same machine), p50/p95/max over every (endpoint, event), the time to the last
// delivery, deliveries missing or received twice (same Aforo-Delivery), whether each receiver got its events in the
// order they were published; and the cost to the API: p95 of a staff route (the event's registrations board and the events list)
// probed by 2 clients (its registrations board and the events list) while idle (before and after, pooled) and during the burst, as bench:mail does.
//
// Flags: --count=5000 --endpoints=10 --concurrency=16 --probe-seconds=15 --port=3298 --build --no-write --keep
import http from 'node:http';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  benchRegistration,
  createBenchEnv,
  fmt,
  fmtInt,
  httpRequest,
  latestRunLine,
  log,
  machineInfo,
  now,
  pct,
  readFlags,
  SERVER_FLAGS,
  sortNum,
  staffProbe,
  writeBenchSection,
} from './lib.mjs';

const { int, server } = readFlags(process.argv.slice(2), ['count', 'endpoints', 'concurrency', 'probe-seconds', ...SERVER_FLAGS]);
const opts = {
  count: int('count', 5000, 1, 20_000),
  endpoints: int('endpoints', 10, 1, 50),
  concurrency: int('concurrency', 16, 1, 256),
  probeSeconds: int('probe-seconds', 15, 1, 600),
  ...server(3298),
};

/** A receiver: records each delivery's id, its event's time and registration id, and when it arrived. */
async function startReceiver() {
  const got = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const at = now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      got.push({ id: req.headers['aforo-delivery'], at, occurred: Date.parse(body.ocurrido_at), registro: body.datos?.registro_id });
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { got, url: `http://127.0.0.1:${server.address().port}/hook`, close: () => new Promise((r) => server.close(r)) };
}

const receivers = await Promise.all(Array.from({ length: opts.endpoints }, () => startReceiver()));
const bench = await createBenchEnv({
  prefix: 'aforo_bench_webhooks_',
  port: opts.port,
  keep: opts.keep,
  extraEnv: {
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    PUBLIC_WRITE_LIMIT_PER_MINUTE: '10000000',
    PUBLIC_URL: 'https://eventos.monterrey.test',
  },
});
bench.onCleanup(() => Promise.all(receivers.map((r) => r.close())));

await bench.run(async () => {
  const { token, db, others, pgVersion } = await bench.startRun({ minutes: 30, build: { force: opts.build }, leftoverAgeMs: 3600_000 });
  const call = bench.caller(token);

  for (const [i, r] of receivers.entries()) {
    r.endpointId = (
      await call('POST', '/api/webhooks', { url: r.url, eventos: ['registro.creado'], descripcion: `Receptor ${i + 1}` }, 201)
    ).webhook.id;
  }
  const { event } = await call(
    'POST',
    '/api/eventos-externos',
    {
      title: 'Feria del Empleo Monterrey 2027',
      description: 'Encuentro de empresas con buscadores de empleo.',
      event_date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      location: 'Parque Fundidora, Monterrey',
      max_attendees: opts.count + 100,
      status: 'published',
    },
    201,
  );

  const probePaths = [`/api/eventos-externos/${event.id}/registrations`, '/api/eventos-externos'];
  await sleep(2000);
  log(`API probe, idle (${opts.probeSeconds} s)…`);
  const idleEnd = now() + opts.probeSeconds * 1000;
  const idleLat = await staffProbe(bench.baseUrl, token, probePaths, () => now() >= idleEnd);

  log(`${fmtInt(opts.count)} registrations, ${opts.concurrency} at a time, to ${opts.endpoints} endpoints…`);
  let done = false;
  const t0 = now();
  const runProbe = staffProbe(bench.baseUrl, token, probePaths, () => done);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  let next = 0;
  const registerAll = async () => {
    for (let i = next++; i < opts.count; i = next++) {
      const res = await httpRequest(agent, 'POST', `${bench.baseUrl}/api/eventos/${event.slug}/register`, {
        body: benchRegistration(i, 'wh'),
        timeoutMs: 60_000,
      });
      if (res.status !== 201) throw new Error(`registration ${i}: ${res.status} ${res.text.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, registerAll));
  const registered = now() - t0;
  agent.destroy();
  const expected = opts.count * opts.endpoints;
  const deadline = Date.now() + 20 * 60_000;
  const received = () => receivers.reduce((n, r) => n + r.got.length, 0);
  while (received() < expected) {
    if (Date.now() > deadline) throw new Error(`only ${received()} of ${expected} deliveries within 20 min`);
    await sleep(50);
  }
  const lastAt = Math.max(...receivers.map((r) => Math.max(...r.got.map((g) => g.at))));
  done = true;
  const runLat = await runProbe;
  await sleep(2000); // anything more (a duplicate) arrives now
  log(`API probe, idle again (${opts.probeSeconds} s)…`);
  const afterEnd = now() + opts.probeSeconds * 1000;
  idleLat.push(...(await staffProbe(bench.baseUrl, token, probePaths, () => now() >= afterEnd)));

  const all = receivers.flatMap((r) => r.got);
  const latencies = sortNum(all.map((g) => g.at - g.occurred));
  const duplicates = all.length - new Set(all.map((g) => g.id)).size;
  // In order: each receiver got its deliveries in the relay's publication order (the line's order in the database).
  let outOfOrder = 0;
  for (const r of receivers) {
    const { rows: line } = await db.query(`SELECT id FROM webhook_entregas WHERE endpoint_id = $1 ORDER BY orden_at, orden_seq`, [
      r.endpointId,
    ]);
    const arrived = r.got.map((g) => g.id).filter((id, i, all) => all.indexOf(id) === i);
    if (arrived.join() !== line.map((l) => l.id).join()) outOfOrder += 1;
  }
  const [rows] = (
    await db.query(
      `SELECT count(*) FILTER (WHERE estado = 'entregada')::int AS delivered, count(*) FILTER (WHERE intentos > 1)::int AS retried FROM webhook_entregas`,
    )
  ).rows;
  const idleS = sortNum(idleLat);
  const runS = sortNum(runLat);
  const p95Idle = pct(idleS, 95);
  const p95Run = pct(runS, 95);
  const delta = (p95Run / p95Idle - 1) * 100;

  const m = machineInfo();
  const load = os.loadavg();
  const busy = others.length > 0 || load[0] > m.nproc * 0.75;
  const body = [
    '## Webhooks: a registration burst to 10 receivers (issue 33 §5)',
    '',
    `What is measured, in one run: ${opts.endpoints} endpoints subscribed to \`registro.creado\`, each a real HTTP server of the bench on`,
    `loopback answering 200 at once; ${fmtInt(opts.count)} public registrations to one event, ${opts.concurrency} clients at a time. Each delivery’s`,
    'latency is the receiver’s clock at arrival minus the event’s `ocurrido_at` (one machine, one clock), over every (endpoint, event):',
    'through the outbox relay, the `webhooks.wake` job, each endpoint’s line in the workers (one delivery at a time per endpoint, in',
    'publication order, signed). Beside it, a staff route probed by 2 clients in a closed loop (the event’s registrations board and the events list,',
    `20 ms apart) idle (${opts.probeSeconds} s before and after, pooled) and during the burst, as bench:mail does.`,
    '',
    '```sh',
    'npm run bench:webhooks   # node bench/webhooks.mjs  (--count=5000 --endpoints=10 --concurrency=16 --probe-seconds=15)',
    '```',
    '',
    latestRunLine(pgVersion, {
      with: 'API, workers, PostgreSQL, Redis, the receivers',
      after: `; ${fmtInt(opts.count)} registrations × ${opts.endpoints} endpoints`,
    }),
    busy
      ? `\n**Busy machine:** figures taken while other work ran (load average ${load.map((l) => l.toFixed(1)).join(' / ')} on ${m.nproc} cores${others.length ? `; other benchmarks: ${others.map((o) => o.script).join(', ')}` : ''}); rerun on a quiet machine.`
      : '',
    '',
    '|  | figure |',
    '| --- | ---: |',
    `| Registrations sent (${fmtInt(opts.count)}, all 201) | ${fmt(registered)} |`,
    `| First registration → **last** delivery (${fmtInt(all.length)} of ${fmtInt(expected)}) | **${fmt(lastAt - t0)}** |`,
    `| Delivery latency p50 / **p95** / max (event → receiver) | ${fmt(pct(latencies, 50))} / **${fmt(pct(latencies, 95))}** / ${fmt(latencies[latencies.length - 1])} |`,
    `| Deliveries per second (end to end) | ${fmtInt((all.length / (lastAt - t0)) * 1000)} |`,
    `| Received twice (same Aforo-Delivery) / rows delivered / retried | ${duplicates} / ${fmtInt(rows.delivered)} / ${fmtInt(rows.retried)} |`,
    `| Receivers that got their deliveries out of publication order | ${outOfOrder} of ${opts.endpoints} |`,
    `| API p50 / **p95** / p99, idle (${fmtInt(idleLat.length)} requests) | ${fmt(pct(idleS, 50))} / **${fmt(p95Idle)}** / ${fmt(pct(idleS, 99))} |`,
    `| API p50 / **p95** / p99, during the burst (${fmtInt(runLat.length)} requests) | ${fmt(pct(runS, 50))} / **${fmt(p95Run)}** / ${fmt(pct(runS, 99))} |`,
    `| API p95 during the burst against idle | **${delta >= 0 ? '+' : ''}${delta.toFixed(0)} %** |`,
    '',
    'The API’s p95 during the burst includes the registrations themselves (the API is answering them); the webhooks’ own work is in',
    'the workers and the relay. Figures taken on a shared machine are noisy: the lead reruns this on a quiet one.',
  ].join('\n');
  console.log(`\n${body}\n`);
  if (opts.write) writeBenchSection('webhooks', body);
});
