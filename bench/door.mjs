#!/usr/bin/env node
// The door on event day (npm run bench:door); figures go to docs/benchmarks.md (its own section only).
//
// One published external event with a registration per person. Measured, in one run:
// - 20 door devices (default), each scanning 200 codes a minute (open loop: one scan every 300 ms, whatever the
//   previous answer's delay) for 5 minutes (--minutes=1 for a short run), each at its gate ('Puerta 1'…'Puerta 4'),
//   each over its own people: all of them in, then all of them out, then in again… so every answer is known in
//   advance (admitted or exited) and the final counts are exact;
// - 2 devices that were offline come back in the middle of the run and send 1,000 scans each through the batch
//   route (one request each, scan_id and scanned_at per scan: what the door page queues), all entries of their own
//   people;
// - one board: a socket in the event's door room (`door:externo:{id}`), as the occupancy board joins it, timing
//   each scan's `door.scan` push from the moment the device had its 200 (a push that beats the answer counts 0), and
//   counting the coalesced `door.occupancy` pushes.
// At the end: every answer as expected, and the door's counts — people inside, entries and exits per gate, the scan
// log — equal to what was sent (GET …/occupancy and the tables).
//
// Flags: --minutes=5 --devices=20 --per-minute=200 --offline-devices=2 --offline-scans=1000 --port=3298 --build
// --no-write --keep
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createBenchEnv,
  fmt,
  fmtInt,
  httpRequest,
  joinRoom,
  log,
  machineBusy,
  machineInfo,
  now,
  readFlags,
  SERVER_FLAGS,
  summary,
  writeBenchSection,
} from './lib.mjs';

const { int, server } = readFlags(process.argv.slice(2), [
  'minutes',
  'devices',
  'per-minute',
  'offline-devices',
  'offline-scans',
  ...SERVER_FLAGS,
]);
const opts = {
  minutes: int('minutes', 5, 1, 60),
  devices: int('devices', 20, 1, 200),
  perMinute: int('per-minute', 200, 1, 6000),
  offlineDevices: int('offline-devices', 2, 0, 20),
  offlineScans: int('offline-scans', 1000, 1, 1000),
  ...server(3298),
};
/** People per online device: all in, then all out, at 200 a minute a round takes 45 s. */
const PEOPLE_PER_DEVICE = 150;
const GATES = 4;
const gateOf = (device) => `Puerta ${(device % GATES) + 1}`;

const bench = await createBenchEnv({ prefix: 'aforo_bench_door_', port: opts.port, keep: opts.keep });

await bench.run(async () => {
  const { token, db, others, pgVersion } = await bench.startRun({
    minutes: opts.minutes + 15,
    build: { force: opts.build },
    leftoverAgeMs: 3600_000,
  });

  // ── Data: one event, a registration (and its door code) per person ──
  const online = opts.devices * PEOPLE_PER_DEVICE;
  const offline = opts.offlineDevices * opts.offlineScans;
  const people = online + offline;
  const created = await bench.request('POST', '/api/eventos-externos', {
    token,
    body: {
      title: 'Concierto de la Orquesta Municipal',
      description: 'Concierto gratuito en la explanada.',
      event_date: new Date(Date.now() + 3600_000).toISOString(),
      location: 'Explanada de la Macroplaza',
      max_attendees: people,
      status: 'published',
    },
  });
  if (created.status !== 201) throw new Error(`create event: ${created.status} ${created.text.slice(0, 300)}`);
  const eventId = created.json.event.id;
  log(`creating ${fmtInt(people)} registrations…`);
  const codes = (
    await db.query(
      `WITH r AS (
         INSERT INTO external_registrations (event_id, nombre, apellido_paterno, apellido_materno, fecha_nacimiento, phone, email, tipo_participante)
         SELECT $1, 'PERSONA ' || g, 'GARZA', 'LÓPEZ', '1990-01-01', lpad((8110000000 + g)::text, 10, '0'), 'persona' || g || '@correo.monterrey.test', 'Otro'
           FROM generate_series(1, $2) g RETURNING id, codigo)
       SELECT codigo FROM r ORDER BY id`,
      [eventId, people],
    )
  ).rows.map((r) => r.codigo);
  await db.query(`UPDATE external_events SET current_attendees = $2 WHERE id = $1`, [eventId, people]);

  // ── The board: a socket in the door room ──
  const { io } = await import('socket.io-client');
  const answeredAt = new Map(); // scan_id → when its 200 was read
  const pushAt = new Map(); // scan_id → when its door.scan push arrived
  let occupancyPushes = 0;
  const board = await joinRoom(io, {
    url: bench.baseUrl,
    token,
    room: `door:externo:${eventId}`,
    timeoutMs: 10_000,
    listen: (socket) => {
      socket.on('door.scan', (msg) => pushAt.set(msg.data.scan.scan_id, now()));
      socket.on('door.occupancy', () => (occupancyPushes += 1));
    },
  });
  if (!board.ok) throw new Error(`the board could not join the door room: ${board.why}`);
  bench.onCleanup(() => board.socket.close());

  // ── The run ──
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.devices + opts.offlineDevices + 4 });
  const headers = { authorization: `Bearer ${token}` };
  const url = `${bench.baseUrl}/api/eventos-externos/${eventId}/check-in`;
  const intervalMs = 60_000 / opts.perMinute;
  const scansPerDevice = Math.floor((opts.minutes * 60_000) / intervalMs);
  const answerMs = [];
  const unexpected = [];
  const expected = { in: new Map(), out: new Map() }; // gate → count
  const bump = (map, gate) => map.set(gate, (map.get(gate) ?? 0) + 1);
  let failures = 0;
  const busyDuring = machineBusy(Math.min(opts.minutes * 60_000, 60_000));

  log(
    `${opts.devices} devices × ${opts.perMinute} scans/min for ${opts.minutes} min (${fmtInt(opts.devices * scansPerDevice)} scans), ` +
      `${opts.offlineDevices} offline devices × ${fmtInt(opts.offlineScans)} scans in the middle…`,
  );
  const t0 = now();
  const device = async (d) => {
    const pool = codes.slice(d * PEOPLE_PER_DEVICE, (d + 1) * PEOPLE_PER_DEVICE);
    const gate = gateOf(d);
    const inflight = [];
    for (let k = 0; k < scansPerDevice; k += 1) {
      const due = t0 + (d / opts.devices) * intervalMs + k * intervalMs;
      const wait = due - now();
      if (wait > 0) await sleep(wait);
      const round = Math.floor(k / PEOPLE_PER_DEVICE);
      const direction = round % 2 === 0 ? 'in' : 'out';
      const code = pool[k % PEOPLE_PER_DEVICE];
      const scanId = randomUUID();
      bump(expected[direction], gate);
      inflight.push(
        (async () => {
          const sent = now();
          const res = await httpRequest(agent, 'POST', url, {
            headers,
            body: { code, gate, direction, scan_id: scanId },
            timeoutMs: 30_000,
          }).catch((err) => ({ status: 0, text: String(err) }));
          const at = now();
          if (res.status !== 200) {
            failures += 1;
            unexpected.push(`${res.status} ${String(res.text).slice(0, 120)}`);
            return;
          }
          answeredAt.set(scanId, at);
          answerMs.push(at - sent);
          const result = JSON.parse(res.text).result;
          if (result !== (direction === 'in' ? 'admitted' : 'exited')) unexpected.push(`${direction} → ${result}`);
        })(),
      );
    }
    await Promise.all(inflight);
  };
  const batchMs = [];
  const offlineDevice = async (d) => {
    await sleep((opts.minutes * 60_000) / 2);
    const pool = codes.slice(online + d * opts.offlineScans, online + (d + 1) * opts.offlineScans);
    const gate = `Puerta ${d + 1}`;
    const start = Date.now() - 10 * 60_000;
    const scans = pool.map((code, i) => ({
      code,
      gate,
      direction: 'in',
      scan_id: randomUUID(),
      scanned_at: new Date(start + i * 500).toISOString(),
    }));
    for (let i = 0; i < scans.length; i += 1) bump(expected.in, gate);
    const sent = now();
    const res = await httpRequest(agent, 'POST', `${url}/batch`, { headers, body: { scans }, timeoutMs: 300_000 });
    batchMs.push(now() - sent);
    if (res.status !== 200) throw new Error(`batch: ${res.status} ${res.text.slice(0, 300)}`);
    for (const r of JSON.parse(res.text).results) if (r.result !== 'admitted') unexpected.push(`batch in → ${r.result}`);
  };
  await Promise.all([
    ...Array.from({ length: opts.devices }, (_, d) => device(d)),
    ...Array.from({ length: opts.offlineDevices }, (_, d) => offlineDevice(d)),
  ]);
  const runMs = now() - t0;
  const busy = await busyDuring;
  // The last pushes of the run.
  const lastDeadline = Date.now() + 10_000;
  while (pushAt.size < answeredAt.size + offline && Date.now() < lastDeadline) await sleep(100);
  agent.destroy();

  // ── Figures and the counts ──
  const lat = [];
  let beforeAnswer = 0;
  let missing = 0;
  for (const [scanId, at] of answeredAt) {
    const p = pushAt.get(scanId);
    if (p === undefined) {
      missing += 1;
      continue;
    }
    if (p < at) beforeAnswer += 1;
    lat.push(Math.max(0, p - at));
  }
  const ans = summary(answerMs);
  const push = summary(lat);
  const sum = (map) => [...map.values()].reduce((a, b) => a + b, 0);
  const wantInside = sum(expected.in) - sum(expected.out);
  const occ = (await bench.request('GET', `/api/eventos-externos/${eventId}/occupancy`, { token })).json;
  const gatesOk = [...new Set([...expected.in.keys(), ...expected.out.keys()])].every((g) => {
    const got = occ.gates.find((x) => x.gate === g) ?? { in: 0, out: 0 };
    return got.in === (expected.in.get(g) ?? 0) && got.out === (expected.out.get(g) ?? 0);
  });
  const [tables] = (
    await db.query(
      `SELECT (SELECT count(*)::int FROM door_presence WHERE event_id = $1 AND inside) AS present,
              (SELECT count(*)::int FROM door_scans WHERE event_id = $1) AS scans,
              (SELECT count(*)::int FROM external_registrations WHERE event_id = $1 AND status = 'attended') AS attended`,
      [eventId],
    )
  ).rows;
  const sentScans = opts.devices * scansPerDevice + offline;
  const countsExact = occ.inside === wantInside && tables.present === wantInside && tables.scans === sentScans && gatesOk && failures === 0;
  // Each device's first round admits its people once (later rounds are re-entries); each offline entry, one person.
  const wantAttended = opts.devices * Math.min(scansPerDevice, PEOPLE_PER_DEVICE) + offline;

  const m = machineInfo();
  const load = os.loadavg();
  const body = [
    '## The door: scans at 20 devices, offline batches, push to the board (issue 28)',
    '',
    `What is measured, in one run: one published external event; ${opts.devices} door devices, each scanning ${opts.perMinute} codes a minute`,
    `(open loop, one every ${intervalMs.toFixed(0)} ms) for ${opts.minutes} min at its gate (4 gates), over its own ${PEOPLE_PER_DEVICE} people — all in, then all`,
    `out, then in again —; halfway through, ${opts.offlineDevices} devices that were offline send ${fmtInt(opts.offlineScans)} entries each through`,
    '`POST …/check-in/batch` (one request each). One board: a socket in the door room `door:externo:{id}`, timing each',
    "scan's `door.scan` push from the device's 200 (a push that arrives before the answer counts 0). At the end the door's",
    'counts (`GET …/occupancy`, `door_presence`, `door_scans`, attendance) are compared with what was sent.',
    '',
    '```sh',
    'npm run bench:door   # node bench/door.mjs  (--minutes=5 --devices=20 --per-minute=200 --offline-devices=2 --offline-scans=1000)',
    '```',
    '',
    `Latest run: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')} — **${opts.minutes} min** (the issue's run is 5 min) — ${m.nproc} cores (${m.model}), ${m.memGb} GB RAM, Node ${process.version}, PostgreSQL ${pgVersion}; API (with realtime), workers, PostgreSQL, Redis and the bench on this one machine.`,
    others.length ? `\n**Distorted run:** other benchmarks were running (${others.map((o) => o.script).join(', ')}).` : null,
    load[0] > m.nproc || busy > 90
      ? `\n**Busy machine:** other work was running beside this run (machine ${busy.toFixed(0)} % busy over the first minute, load average ${load
          .map((l) => l.toFixed(1))
          .join(' / ')} on ${m.nproc} cores at the end): these figures are distorted; rerun on a quiet machine.`
      : null,
    '',
    '|  | figure |',
    '| --- | ---: |',
    `| Online scans sent (${opts.devices} devices × ${fmtInt(scansPerDevice)}) / answered 200 / answer not the expected one | ${fmtInt(opts.devices * scansPerDevice)} / ${fmtInt(answerMs.length)} / ${fmtInt(unexpected.length)} |`,
    `| Scan answer p50 / **p95** / p99 / max | ${fmt(ans.p50)} / **${fmt(ans.p95)}** / ${fmt(ans.p99)} / ${fmt(ans.max)} |`,
    `| Push to the board (\`door.scan\`, from the 200) p50 / **p95** / p99 / max (${fmtInt(push.n)} scans; ${fmtInt(beforeAnswer)} pushes beat the answer; ${fmtInt(missing)} missing) | ${fmt(push.p50)} / **${fmt(push.p95)}** / ${fmt(push.p99)} / ${fmt(push.max)} |`,
    `| \`door.occupancy\` pushes to the board (coalesced per relay batch) | ${fmtInt(occupancyPushes)} |`,
    `| Offline batches: ${opts.offlineDevices} × ${fmtInt(opts.offlineScans)} scans, answer time each | ${batchMs.map((b) => fmt(b)).join(' / ') || '—'} |`,
    `| Inside at the end: expected / \`GET …/occupancy\` / \`door_presence\` | ${fmtInt(wantInside)} / ${fmtInt(occ.inside)} / ${fmtInt(tables.present)} |`,
    `| Scans sent / in the scan log | ${fmtInt(sentScans)} / ${fmtInt(tables.scans)} |`,
    `| Entries and exits per gate equal to what was sent | ${gatesOk ? 'yes' : '**no**'} |`,
    `| Registrations attended: expected / marked | ${fmtInt(wantAttended)} / ${fmtInt(tables.attended)} |`,
    `| Whole run (wall clock) | ${fmt(runMs)} |`,
    '',
    `Targets (issue 28 §3, §4): push to the board p95 ≤ 100 ms — ${push.p95 <= 100 ? 'met' : 'NOT met'}; counts exact — ${countsExact && tables.attended === wantAttended && unexpected.length === 0 ? 'met' : 'NOT met'}.`,
  ]
    .filter((l) => l !== null)
    .join('\n');
  console.log(`\n${body}\n`);
  if (unexpected.length) console.log(`unexpected answers (first 10): ${unexpected.slice(0, 10).join('; ')}`);
  if (opts.write) writeBenchSection('door', body);
  if (!countsExact) process.exitCode = 1;
});
