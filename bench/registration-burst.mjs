#!/usr/bin/env node
// Registration burst: the atomic capacity guard vs a naive check-then-insert, side by side in one run
// (npm run bench:registrations).
//
// One event of capacity 5,000 and 100 staff sockets watching its board (`external-event:<id>`); 64 HTTP
// clients register through POST /api/eventos/{slug}/register in a closed loop (64 requests always in
// flight) until 6,000 attempts, so the last ~1,000 are refusals once the event is full. Then the same
// burst, on a second identical event, against POST /api/bench-baselines/naive-register/{slug}: same
// HTTP stack and validation, but it counts and then inserts, without an atomic guard (the old logic).
// For each: accepted registrations per second (over the time to fill), HTTP latency, the
// `registration.created` push latency at the 100 watchers (real route only: the naive one writes no
// domain events), the oversold count (rows beyond capacity: must be 0) and whether the counter
// `current_attendees` equals the rows. CPU per process comes from /proc/<pid>/stat, the PostgreSQL
// backends' wait states from sampling pg_stat_activity (read-only; no server setting is changed), and
// a DB-only ceiling replays the registration transaction's SQL without the HTTP stack.
//
// The watchers and the HTTP clients live in two forked child processes (this file with --watchers /
// --load), so that neither distorts the other; all timestamps are performance.timeOrigin +
// performance.now(), which agree across processes on one machine. Traffic goes to 127.0.0.1 only;
// every loop is bounded in count and time; the script stops by itself, ends its children and drops its
// database and Redis keys.
//
// Flags: --capacity=5000 --attempts=6000 --clients=64 --watchers=100 --max-seconds=120 (per burst)
// --port=3298 --build (rebuild the server first) --profile (V8 CPU profile of the API per burst)
// --no-db-ceiling --bursts=3 (atomic bursts, each on a fresh event; the median is reported) --warmup=1000 (unmeasured requests on each route first; 0: none) --wait-other=900 (s to wait for the other bench/*.mjs, e.g. push-latency, to finish) --wait-quiet=120
// --no-write (leave docs/benchmarks.md alone). --idempotency: an Idempotency-Key (a new UUID) on every registration, as the
// web app sends with each submission (off by default: the builds from before the key ignore it, and the figures kept in
// docs/benchmarks.md were measured without it).
// --beside=<git rev>: the atomic burst against this checkout and against <rev> (e.g. main's merge-base), built in a
// temporary `git worktree` under /tmp and started on --port + 1 with its own database, alternated A B, B A… --bursts
// times each; reports both, their ratio and how busy the machine was (section `registration-burst-beside`).
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  benchEvent,
  benchRegistration,
  collectProfile,
  connectInBatches,
  cpuShares,
  cpuSnapshot,
  createBenchEnv,
  disconnectAll,
  fmt,
  fmtInt,
  fmtPct,
  forkChild,
  joinRoom,
  log,
  machineBusy,
  machineInfo,
  median,
  now,
  otherBenches,
  pct,
  profilerPreload,
  pushDelayBetween,
  pushDelayBuckets,
  readFlags,
  ROOT,
  selfLoad,
  serve,
  sortNum,
  summariseProfile,
  summary,
  table,
  toggleProfiler,
  waitForOtherBenches,
  waitQuiet,
  worktreeOf,
  writeBenchSection,
} from './lib.mjs';

const SELF = fileURLToPath(import.meta.url);
const DB_PREFIX = 'aforo_bench_reg_';

// ───────────────────────────────────────── child processes ─────────────────────────────────────────

/**
 * Holds the staff sockets; records every registration that `registrations.created` brings (one push may
 * carry several: the relay combines a batch's new registrations per room) and every `event.counts`.
 */
async function watchersMain() {
  const { io } = await import('socket.io-client');
  const sockets = [];
  let created = []; // flat pairs: socket index, e-mail (lower case) — arrival times in `arrivals`
  let arrivals = [];
  let counts = []; // per socket: [pushes received, highest current_attendees seen]
  let messages = []; // per socket: registrations.created pushes received
  let eventId = 0;
  const self = selfLoad();

  const connectOne = (index, { url, token, room, timeoutMs }) =>
    joinRoom(io, {
      url,
      token,
      room,
      timeoutMs,
      listen: (socket) => {
        socket.on('registrations.created', (payload) => {
          const t = now();
          messages[index] = (messages[index] ?? 0) + 1;
          for (const registration of payload?.data?.registrations ?? []) {
            created.push(index, String(registration?.email ?? '').toLowerCase());
            arrivals.push(t);
          }
        });
        socket.on('event.counts', (payload) => {
          const mine = payload?.data?.counts?.find((c) => c.id === eventId);
          if (!mine) return;
          const c = (counts[index] ??= [0, 0]);
          c[0] += 1;
          c[1] = Math.max(c[1], mine.current_attendees);
        });
      },
    });

  serve({
    connect({ url, token, room, count, batch, timeoutMs, watchedEventId }) {
      eventId = watchedEventId;
      return connectInBatches(sockets, count, batch, (i) => connectOne(i, { url, token, room, timeoutMs }));
    },
    start() {
      created = [];
      arrivals = [];
      counts = [];
      messages = [];
      self.start();
      return {};
    },
    count() {
      return { delivered: arrivals.length };
    },
    /** `sent`: [e-mail, request sent, response received] of every accepted registration. */
    report({ sent, joined }) {
      const load = self.read();
      const index = new Map(sent.map(([email], k) => [email, k]));
      const seen = new Uint8Array(Math.max(1, sockets.length * sent.length));
      const last = new Float64Array(sent.length);
      const got = new Uint32Array(sent.length);
      const fromSend = [];
      const fromResp = [];
      let duplicates = 0;
      let unmatched = 0;
      for (let i = 0; i < arrivals.length; i += 1) {
        const socket = created[2 * i];
        const k = index.get(created[2 * i + 1]);
        if (k === undefined) {
          unmatched += 1;
          continue;
        }
        const slot = socket * sent.length + k;
        if (seen[slot]) {
          duplicates += 1;
          continue;
        }
        seen[slot] = 1;
        const t = arrivals[i];
        fromSend.push(t - sent[k][1]);
        fromResp.push(t - sent[k][2]);
        got[k] += 1;
        last[k] = Math.max(last[k], t);
      }
      const everyFromResp = [];
      for (let k = 0; k < sent.length; k += 1) if (joined > 0 && got[k] === joined) everyFromResp.push(last[k] - sent[k][2]);
      const withCounts = counts.filter(Boolean);
      return {
        delivered: fromSend.length,
        missed: sent.length * joined - fromSend.length,
        duplicates,
        unmatched,
        fromSend: summary(fromSend),
        fromResp: summary(fromResp),
        everyFromResp: summary(everyFromResp),
        messagesPerSocket: joined > 0 ? messages.reduce((a, n) => a + (n ?? 0), 0) / joined : 0,
        countsPushesPerSocket: withCounts.length ? withCounts.reduce((a, c) => a + c[0], 0) / withCounts.length : 0,
        countsFinalMin: joined > 0 && withCounts.length === joined ? Math.min(...withCounts.map((c) => c[1])) : null,
        ...load,
      };
    },
    disconnect: () => disconnectAll(sockets),
  });
}

/** The 64 HTTP clients: a closed loop with `concurrency` requests in flight until `attempts` or `maxMs`. */
async function loadMain() {
  const { Agent, request } = await import('undici');
  serve({
    async burst({ url, path, attempts, concurrency, maxMs, prefix, idempotency = false }) {
      const agent = new Agent({
        connections: concurrency,
        pipelining: 1,
        keepAliveTimeout: 60_000,
        headersTimeout: 30_000,
        bodyTimeout: 30_000,
      });
      // Open the keep-alive connections first, so the burst does not time TCP handshakes.
      await Promise.all(
        Array.from({ length: concurrency }, () =>
          request(`${url}/api/health`, { dispatcher: agent }).then(
            (r) => r.body.dump(),
            () => undefined,
          ),
        ),
      );
      const send = new Float64Array(attempts).fill(NaN);
      const resp = new Float64Array(attempts).fill(NaN);
      const status = new Int16Array(attempts);
      const conflicts = { full: 0, duplicate: 0, other: 0 };
      const samples = [];
      const self = selfLoad();
      let next = 0;
      const deadline = now() + maxMs;
      const headers = { 'content-type': 'application/json' };
      const worker = async () => {
        while (next < attempts && now() < deadline) {
          const i = next;
          next += 1;
          const body = JSON.stringify(benchRegistration(i, prefix));
          send[i] = now();
          try {
            const res = await request(`${url}${path}`, {
              method: 'POST',
              dispatcher: agent,
              headers: idempotency ? { ...headers, 'idempotency-key': randomUUID() } : headers,
              body,
            });
            const text = await res.body.text();
            resp[i] = now();
            status[i] = res.statusCode;
            if (res.statusCode === 409) {
              if (/lleno/i.test(text)) conflicts.full += 1;
              else if (/registrado/i.test(text)) conflicts.duplicate += 1;
              else conflicts.other += 1;
            } else if (res.statusCode !== 201 && samples.length < 5) samples.push(`${res.statusCode} ${text.slice(0, 200)}`);
          } catch (err) {
            resp[i] = now();
            status[i] = 0;
            if (samples.length < 5) samples.push(`network: ${err.message}`);
          }
        }
      };
      self.start();
      await Promise.all(Array.from({ length: concurrency }, worker));
      const { cpuMs, eldP99Ms } = self.read();
      await agent.close();
      return {
        sent: next,
        timedOut: next < attempts,
        send: Array.from(send.subarray(0, next)),
        resp: Array.from(resp.subarray(0, next)),
        status: Array.from(status.subarray(0, next)),
        conflicts,
        samples,
        cpuMs,
        eldP99Ms,
      };
    },
  });
}

// ───────────────────────────────────────── helpers ─────────────────────────────────────────

function parseFlags(argv) {
  const { flags, int } = readFlags(argv, [
    'capacity',
    'attempts',
    'clients',
    'watchers',
    'max-seconds',
    'port',
    'build',
    'profile',
    'no-db-ceiling',
    'warmup',
    'bursts',
    'wait-other',
    'wait-quiet',
    'no-write',
    'beside',
    'root',
    'child-json',
    'idempotency',
  ]);
  return {
    capacity: int('capacity', 5000, 1, 100_000),
    attempts: int('attempts', 6000, 1, 120_000),
    clients: int('clients', 64, 1, 512),
    watchers: int('watchers', 100, 0, 2000),
    maxSeconds: int('max-seconds', 120, 5, 600),
    port: int('port', 3298, 1024, 65535),
    warmup: int('warmup', 1000, 0, 20_000),
    bursts: int('bursts', 3, 1, 9),
    waitOtherS: int('wait-other', 900, 0, 3600),
    waitQuietS: int('wait-quiet', 120, 0, 600),
    build: flags.build === true,
    profile: flags.profile === true,
    dbCeiling: flags['no-db-ceiling'] !== true,
    write: flags['no-write'] !== true,
    beside: typeof flags.beside === 'string' ? flags.beside : null,
    root: typeof flags.root === 'string' ? flags.root : ROOT,
    childJson: typeof flags['child-json'] === 'string' ? flags['child-json'] : null,
    naive: typeof flags['child-json'] !== 'string',
    idempotency: flags.idempotency === true,
  };
}

/** The API's profile of a burst, each sample counted for the innermost of these libraries on its stack. */
const summariseApiProfile = (profile) =>
  summariseProfile(profile, {
    top: 12,
    categories: [
      ['push fan-out (socket.io, engine.io, ws)', (u) => /node_modules\/(socket\.io[^/]*|engine\.io|ws)\//.test(u)],
      ['pg driver', (u) => /node_modules\/pg(-protocol|-pool)?\//.test(u)],
      ['typeorm', (u) => u.includes('node_modules/typeorm/')],
      ['class-validator / class-transformer', (u) => /node_modules\/class-(validator|transformer)\//.test(u)],
      ['ioredis (rate limit, BullMQ, adapter)', (u) => u.includes('node_modules/ioredis/')],
      ['express response', (u) => u.includes('node_modules/express/lib/response.js')],
    ],
  });

// ───────────────────────────────────────── orchestrator ─────────────────────────────────────────

async function orchestratorMain() {
  const opts = parseFlags(process.argv.slice(2));
  if (opts.beside) return besideMain(opts);
  const bench = await createBenchEnv({
    prefix: DB_PREFIX,
    port: opts.port,
    root: opts.root,
    nodeEnv: 'development',
    extraEnv: {
      PUBLIC_WRITE_LIMIT_PER_MINUTE: '10000000', // the highest the config accepts: 166,000 per second,
      PUBLIC_READ_LIMIT_PER_MINUTE: '10000000',
    },
  });
  const { pg, runId, database, dbUrl, baseUrl, env, tick } = bench;
  const machine = machineInfo();
  const profileBase = join(os.tmpdir(), `aforo-bench-reg-api-${runId}`);
  env.BENCH_PROFILE_FILE = profileBase;

  // Another heavy benchmark would distort both: wait for it before anything else (no time limit armed yet).
  const otherBenchDone =
    opts.waitOtherS > 0 ? (await waitForOtherBenches({ seconds: opts.waitOtherS, pollMs: 30_000 })).length === 0 : true;
  bench.armWatchdog(20);

  await bench.run(async () => {
    // ── Build, database, Redis ──
    if (opts.root === ROOT) bench.build({ force: opts.build, ifStale: true }); // --root: built by the --beside parent
    await bench.createDatabase();
    const pgInfo = await bench.withAdmin(
      async (c) =>
        (await c.query(`SELECT current_setting('server_version') AS version, current_setting('synchronous_commit') AS sc`)).rows[0],
    );
    bench.migrate();

    // ── API (with the baselines the benchmark mounts) and workers ──
    const { api, workers, token } = await bench.startServers({
      api: 'bench/baselines/api-with-baselines.cjs',
      apiArgs: opts.profile ? ['--import', profilerPreload(500)] : [],
      workersArgs: opts.profile ? ['--import', profilerPreload(500, '-workers')] : [],
    });
    const http = (method, path, options) => bench.request(method, path, options);
    const createEvent = async (title, capacity = opts.capacity) => {
      const res = await http('POST', '/api/eventos-externos', { token, body: benchEvent(title, capacity, 'registration-burst.mjs') });
      if (res.status !== 201) throw new Error(`POST /api/eventos-externos → ${res.status} ${JSON.stringify(res.json)}`);
      return res.json.event;
    };
    const realEvent = await createEvent(`Ráfaga de registros ${runId}`);
    const naiveEvent = await createEvent(`Ráfaga de registros (ingenuo) ${runId}`);
    log(
      `API pid ${api.pid}, workers pid ${workers.pid}, database ${database}; events ${realEvent.id} (atomic) and ${naiveEvent.id} (naive)`,
    );

    // ── Child processes: the watchers and the HTTP clients ──
    const forkRole = (role) => forkChild(SELF, [role], { name: role.slice(2), track: bench.track });
    const watchers = forkRole('--watchers');
    const load = forkRole('--load');
    const t0 = now();
    let conn = await watchers.call('connect', {
      url: baseUrl,
      token,
      room: `external-event:${realEvent.id}`,
      count: opts.watchers,
      batch: 25,
      timeoutMs: 10_000,
      watchedEventId: realEvent.id,
    });
    log(
      `${conn.joined} staff sockets joined external-event:${realEvent.id} in ${fmt(now() - t0)}` +
        (conn.failed ? ` (${conn.failed} failed: ${conn.failures.join('; ')})` : ''),
    );
    if (opts.watchers > 0 && conn.joined === 0) throw new Error('no watcher could join the room');

    const dataDb = new pg.Client({ connectionString: dbUrl.toString(), application_name: 'aforo-bench-probe' });
    dataDb.on('error', () => undefined); // the final DROP … WITH (FORCE) ends it
    await dataDb.connect();
    const cpuSnap = () => cpuSnapshot(tick);
    /** CPU per process over a window, as % of one core: ours by role, PostgreSQL backends of this database, everything else. */
    const cpuDelta = async (a, b) => {
      const { rows } = await dataDb.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database]);
      return cpuShares(a, b, {
        names: ['api', 'workers', 'watchers', 'load', 'bench'],
        pgPids: new Set(rows.map((r) => r.pid)),
        pgOther: true,
        roles: new Map([
          [api.pid, 'api'],
          [workers.pid, 'workers'],
          [process.pid, 'bench'],
          [watchers.child.pid, 'watchers'],
          [load.child.pid, 'load'],
        ]),
      });
    };

    /**
     * Samples what the API's PostgreSQL backends are doing every `periodMs` while `running()`: on CPU,
     * waiting for a lock (the event row), for the WAL flush of a commit, or idle in a transaction
     * (waiting for the API's next statement). Read-only; bounded by the burst's own time limit.
     */
    const sampleWaits = async (running, periodMs, untilMs) => {
      const tally = new Map();
      let samples = 0;
      let backends = 0;
      const stop = now() + untilMs;
      while (running() && now() < stop) {
        const rows = await dataDb
          .query(
            `SELECT state, wait_event_type, wait_event, left(regexp_replace(query, '\\s+', ' ', 'g'), 36) AS query
               FROM pg_stat_activity WHERE datname = $1 AND application_name = 'aforo' AND pid <> pg_backend_pid()`,
            [database],
          )
          .then(
            (r) => r.rows,
            () => null, // the burst itself reports what went wrong
          );
        if (!rows) break;
        samples += 1;
        backends += rows.length;
        for (const r of rows) {
          let key;
          if (r.state === 'idle') key = 'idle (pool)';
          else if (r.state === 'idle in transaction') key = 'idle in transaction (waiting for the API)';
          else if (!r.wait_event_type) key = 'active, on CPU';
          else if (r.wait_event_type === 'Lock') key = `Lock:${r.wait_event} — ${r.query.trim()}…`;
          else key = `${r.wait_event_type}:${r.wait_event}${r.wait_event_type === 'Client' ? '' : ` — ${r.query.trim()}…`}`;
          tally.set(key, (tally.get(key) ?? 0) + 1);
        }
        await sleep(periodMs);
      }
      const all = [...tally].sort((a, b) => b[1] - a[1]).map(([k, n]) => [k, samples ? n / samples : 0]);
      return { samples, avgBackends: samples ? backends / samples : 0, all, top: all.slice(0, 8) };
    };

    const dbState = async (eventId) => {
      const { rows } = await dataDb.query(
        `SELECT e.max_attendees, e.current_attendees,
                (SELECT count(*)::int FROM external_registrations r WHERE r.event_id = e.id) AS rows,
                (SELECT count(*)::int FROM (SELECT lower(btrim(email)) FROM external_registrations r WHERE r.event_id = e.id
                   GROUP BY 1 HAVING count(*) > 1) d) AS dup_emails
           FROM external_events e WHERE e.id = $1`,
        [eventId],
      );
      return rows[0];
    };
    /** After a burst: the outbox published and the audit jobs written (bounded), so the next burst starts clean. */
    const settle = async (maxMs) => {
      const until = now() + maxMs;
      let last = null;
      while (now() < until) {
        const { rows } = await dataDb.query(
          `SELECT (SELECT count(*)::int FROM domain_events WHERE published_at IS NULL) AS unpublished,
                  (SELECT count(*)::int FROM domain_events) - (SELECT count(*)::int FROM audit_logs) AS unaudited`,
        );
        last = rows[0];
        if (last.unpublished === 0 && last.unaudited <= 0) break;
        await sleep(250);
      }
      return last;
    };

    let profileCount = 0;
    const runBurst = async (name, event, path, watch) => {
      if (opts.waitQuietS > 0) await waitQuiet(opts.waitQuietS, log, `the ${name} burst`);
      await watchers.call('start');
      if (opts.profile) {
        await toggleProfiler(api.pid);
        await toggleProfiler(workers.pid);
      }
      const delay0 = watch ? await pushDelayBuckets(baseUrl) : null;
      const cpu0 = cpuSnap();
      let running = true;
      const waitsP = sampleWaits(() => running, 50, opts.maxSeconds * 1000 + 5000);
      let burst;
      try {
        burst = await load.call(
          'burst',
          {
            url: baseUrl,
            path,
            attempts: opts.attempts,
            concurrency: opts.clients,
            maxMs: opts.maxSeconds * 1000,
            prefix: `${name}-${runId}-`,
            idempotency: opts.idempotency,
          },
          opts.maxSeconds * 1000 + 60_000,
        );
      } finally {
        running = false;
      }
      const cpu1 = cpuSnap();
      const overlapped = otherBenches().length > 0;
      if (overlapped) log(`another benchmark ran during the ${name} burst: its figures are distorted.`);
      const waits = await waitsP;
      let profile = null;
      if (opts.profile) {
        const file = `${profileBase}.${profileCount}.cpuprofile`;
        profileCount += 1;
        const raw = await collectProfile(api.pid, file);
        if (raw) profile = { file, ...summariseApiProfile(raw) };
        const workersFile = `${profileBase}-workers.${profileCount - 1}.cpuprofile`;
        const workersRaw = await collectProfile(workers.pid, workersFile);
        if (profile && workersRaw) profile.workers = { file: workersFile, ...summariseApiProfile(workersRaw) };
      }
      // Accepted registrations, and the pushes they should produce at every watcher.
      const accepted = [];
      for (let i = 0; i < burst.sent; i += 1) {
        if (burst.status[i] === 201) accepted.push([`${name}-${runId}-${i}@bench.aforo.local`, burst.send[i], burst.resp[i]]);
      }
      const expected = watch ? accepted.length * conn.joined : 0;
      const pushDeadline = now() + 20_000;
      for (;;) {
        const { delivered } = await watchers.call('count');
        if (delivered >= expected || now() > pushDeadline) break;
        await sleep(100);
      }
      const afterPush = now();
      const settled = await settle(60_000);
      const cpuAll = cpuSnap();
      const push = await watchers.call('report', { sent: watch ? accepted : [], joined: conn.joined }, 60_000);
      const serverPush = watch ? pushDelayBetween(delay0, await pushDelayBuckets(baseUrl)) : null;
      const db = await dbState(event.id);
      const cpu = await cpuDelta(cpu0, cpu1);
      const cpuTail = await cpuDelta(cpu1, cpuAll);

      // Figures
      const t0b = Math.min(...burst.send);
      const lastResp = Math.max(...burst.resp);
      const acceptedResp = accepted.map((a) => a[2]);
      const fillEnd = acceptedResp.length ? Math.max(...acceptedResp) : NaN;
      const byStatus = {};
      for (const s of burst.status) byStatus[s] = (byStatus[s] ?? 0) + 1;
      const latencies = (pred) => {
        const out = [];
        for (let i = 0; i < burst.sent; i += 1) if (pred(burst.status[i])) out.push(burst.resp[i] - burst.send[i]);
        return sortNum(out);
      };
      const all = latencies(() => true);
      const ok = latencies((s) => s === 201);
      const refused = latencies((s) => s === 409);
      const result = {
        name,
        path,
        event,
        attempts: burst.sent,
        timedOut: burst.timedOut,
        accepted: accepted.length,
        refused: byStatus[409] ?? 0,
        conflicts: burst.conflicts,
        invalid: byStatus[422] ?? 0,
        limited: byStatus[429] ?? 0,
        server: Object.entries(byStatus)
          .filter(([s]) => Number(s) >= 500)
          .reduce((a, [, n]) => a + n, 0),
        network: byStatus[0] ?? 0,
        otherStatus: Object.entries(byStatus)
          .filter(([s]) => !['0', '201', '409', '422', '429'].includes(s) && Number(s) < 500)
          .map(([s, n]) => `${s}×${n}`)
          .join(', '),
        samples: burst.samples,
        durationMs: lastResp - t0b,
        fillMs: fillEnd - t0b,
        acceptedPerSec: (1000 * accepted.length) / (fillEnd - t0b),
        attemptsPerSec: (1000 * burst.sent) / (lastResp - t0b),
        http: { p50: pct(all, 50), p95: pct(all, 95), p99: pct(all, 99), max: all[all.length - 1] },
        httpOk: { p50: pct(ok, 50), p95: pct(ok, 95), p99: pct(ok, 99) },
        httpRefused: { p50: pct(refused, 50), p95: pct(refused, 95), p99: pct(refused, 99) },
        push,
        serverPush,
        pushSettleMs: afterPush - cpu1.t,
        settled,
        db,
        oversold: Math.max(0, db.rows - db.max_attendees),
        consistent: db.current_attendees === db.rows,
        cpu,
        cpuTail,
        loadCpu: burst.cpuMs,
        loadEldP99: burst.eldP99Ms,
        waits,
        profile,
        overlapped,
      };
      log(
        `${name}: ${result.accepted} accepted / ${result.attempts} attempts in ${fmt(result.durationMs)}; ` +
          `${result.acceptedPerSec.toFixed(0)} accepted/s over the fill (${fmt(result.fillMs)}); HTTP p99 ${fmt(result.http.p99)}; ` +
          `rows ${db.rows} / capacity ${db.max_attendees} (oversold ${result.oversold}), counter ${db.current_attendees}; CPU API ${fmtPct(cpu.api)}, workers ${fmtPct(cpu.workers)}, PostgreSQL ${fmtPct(cpu.pg)}` +
          (watch ? `; push p95 ${fmt(push.fromSend.p95)} from send, ${fmt(push.fromResp.p95)} from response, ${push.missed} missed` : '') +
          (serverPush
            ? `; server-side push delay p50 / p95 ${fmt(serverPush.p50)} / ${fmt(serverPush.p95)} (${serverPush.pushes} pushes)`
            : ''),
      );
      return result;
    };

    // ── Warm-up: both routes on events of their own, unmeasured (JIT, connection pools, first plans) ──
    if (opts.warmup > 0) {
      const routes = [
        ['warm-atomic', (e) => `/api/eventos/${encodeURIComponent(e.slug)}/register`],
        ['warm-naive', (e) => `/api/bench-baselines/naive-register/${encodeURIComponent(e.slug)}`],
      ].slice(0, opts.naive ? 2 : 1);
      for (const [name, pathOf] of routes) {
        const event = await createEvent(`Calentamiento ${name} ${runId}`, Math.ceil(opts.warmup * 0.8));
        await load.call(
          'burst',
          {
            url: baseUrl,
            path: pathOf(event),
            attempts: opts.warmup,
            concurrency: opts.clients,
            maxMs: 60_000,
            prefix: `${name}-${runId}-`,
            idempotency: opts.idempotency,
          },
          120_000,
        );
      }
      await settle(60_000);
      log(`warm-up: ${opts.warmup} requests on each route (80 % of them accepted), not measured`);
    }

    // The atomic route: several bursts, each on a fresh event with the watchers on its board; the median
    // (by accepted/s) is reported, the others listed. A virtual machine's neighbours make single runs noisy.
    const atomicRuns = [];
    for (let b = 0; b < opts.bursts; b += 1) {
      const event = b === 0 ? realEvent : await createEvent(`Ráfaga de registros ${runId} (${b + 1})`);
      if (b > 0) {
        await watchers.call('disconnect');
        conn = await watchers.call('connect', {
          url: baseUrl,
          token,
          room: `external-event:${event.id}`,
          count: opts.watchers,
          batch: 25,
          timeoutMs: 10_000,
          watchedEventId: event.id,
        });
        await sleep(1000);
      }
      atomicRuns.push(await runBurst('atomic', event, `/api/eventos/${encodeURIComponent(event.slug)}/register`, true));
    }
    const byRate = [...atomicRuns].sort((x, y) => x.acceptedPerSec - y.acceptedPerSec);
    const real = byRate[Math.floor((byRate.length - 1) / 2)];
    real.allBursts = atomicRuns.map((r) => r.acceptedPerSec);
    real.allOversold = atomicRuns.reduce((a, r) => a + r.oversold, 0);
    real.allConsistent = atomicRuns.every((r) => r.consistent);
    real.allSteal = atomicRuns.map((r) => r.cpu.steal);
    if (opts.childJson) {
      // One build's bursts for the --beside parent, which alternates builds and writes the report.
      await watchers.call('disconnect');
      await dataDb.end();
      writeFileSync(opts.childJson, JSON.stringify({ runs: atomicRuns.map(burstFigures), joined: conn.joined }));
      return;
    }
    await sleep(1000);
    const naive = await runBurst('naive', naiveEvent, `/api/bench-baselines/naive-register/${encodeURIComponent(naiveEvent.slug)}`, false);
    await watchers.call('disconnect');

    // ── DB-only ceiling: the registration transaction's SQL, straight from pg clients (no HTTP, Nest or TypeORM) ──
    let ceiling = null;
    if (opts.dbCeiling) {
      // The API and the workers stop first: PostgreSQL has the machine to itself (and no relay picks the rows up).
      await bench.stopServers([api, workers]);
      ceiling = await dbCeiling({ pg, dbUrl, waitQuietS: opts.waitQuietS, log });
    }
    await dataDb.end();

    const report = renderReport({ opts, machine, pgInfo, real, naive, ceiling, joined: conn.joined, otherBenchDone, date: new Date() });
    console.log(`\n${report.stdout}`);
    if (opts.write) writeBenchSection('registration-burst', report.markdown);
  });
}

/**
 * What PostgreSQL alone allows, with the API and the workers stopped: the API's registration statement
 * (`register_external_batch`, api/src/modules/external-events/external-events.sql.ts: the event row locked once, then each registration
 * and its outbox event, the counter moved once per batch) called back to back until `count` registrations,
 * on a fresh event each: one registration per call from 20 connections (the API's pool size: as if every
 * request went alone), and batches of 16 and 64 from one connection (what the API's group commit sends
 * per event: one batch in flight, the requests that arrived meanwhile in the next). Client-side time
 * per statement shows how long each one waits.
 */
async function dbCeiling({ pg, dbUrl, waitQuietS, log }) {
  if (waitQuietS > 0) await waitQuiet(Math.min(waitQuietS, 60), log, 'the DB-only ceiling');
  const count = 5000;
  const admin = new pg.Client({ connectionString: dbUrl.toString(), application_name: 'aforo-bench-probe' });
  await admin.connect();
  const variants = [
    { name: 'one registration per statement, 20 connections', connections: 20, batch: 1 },
    { name: 'batches of 16, one connection', connections: 1, batch: 16 },
    { name: 'batches of 64, one connection', connections: 1, batch: 64 },
  ];
  const results = [];
  try {
    for (const [v, variant] of variants.entries()) {
      const slug = `db-ceiling-${Date.now()}-${v}`;
      await admin.query(
        `INSERT INTO external_events (title, slug, description, event_date, location, max_attendees, status)
         VALUES ('DB ceiling', $1, 'x', now() + interval '30 days', 'x', $2, 'published')`,
        [slug, count],
      );
      const clients = await Promise.all(
        Array.from({ length: variant.connections }, async () => {
          const c = new pg.Client({ connectionString: dbUrl.toString(), application_name: 'aforo-bench-probe' });
          await c.connect();
          return c;
        }),
      );
      const times = [];
      let accepted = 0;
      let next = 0;
      const deadline = now() + 30_000;
      const t0 = now();
      try {
        await Promise.all(
          clients.map(async (c) => {
            while (next < count && now() < deadline) {
              const rows = [];
              for (let k = 0; k < variant.batch && next < count; k += 1, next += 1) {
                rows.push({
                  nombre: 'JOSÉ',
                  apellido_paterno: 'GARZA',
                  apellido_materno: 'PEÑA',
                  fecha_nacimiento: '1990-05-17',
                  phone: `55${String(next).padStart(8, '0')}`,
                  email: `CEILING-${v}-${next}@BENCH.AFORO.LOCAL`,
                  empresa: 'ACME',
                  tipo_participante: 'Empresario',
                  actor_id: null,
                  ip: '127.0.0.1',
                });
              }
              const t = now();
              const r = await c.query(`SELECT outcome FROM register_external_batch($1, $2::jsonb)`, [slug, JSON.stringify(rows)]);
              times.push(now() - t);
              accepted += r.rows.filter((x) => x.outcome === 'ok').length;
            }
          }),
        );
      } finally {
        await Promise.all(clients.map((c) => c.end()));
      }
      const wallMs = now() - t0;
      const sorted = sortNum(times);
      const result = {
        ...variant,
        statements: times.length,
        accepted,
        wallMs,
        perSec: (1000 * accepted) / wallMs,
        statement: { mean: times.reduce((a, b) => a + b, 0) / (times.length || 1), p50: pct(sorted, 50), p99: pct(sorted, 99) },
      };
      log(`DB-only ceiling, ${variant.name}: ${accepted} registrations at ${result.perSec.toFixed(0)}/s`);
      results.push(result);
    }
    // Nothing relays these (the API is stopped): stamp them so the database is left tidy.
    await admin.query(`UPDATE domain_events SET published_at = now() WHERE published_at IS NULL`);
  } finally {
    await admin.end();
  }
  return { variants: results };
}

// ───────────────────────────────────────── report ─────────────────────────────────────────

function renderReport({ opts, machine, pgInfo, real, naive, ceiling, joined, otherBenchDone, date }) {
  const both = (label, f) => [label, f(real), f(naive)];
  const lat = (l) => `${fmt(l.p50)} / ${fmt(l.p95)} / ${fmt(l.p99)}`;
  const cap = opts.capacity.toLocaleString('en-US');
  const mainHead = ['', '**atomic guard** (`POST /api/eventos/{slug}/register`)', 'naive check-then-insert (baseline)'];
  const mainAlign = ['---', '---:', '---:'];
  const main = [
    both('Attempts', (r) => `${fmtInt(r.attempts)}${r.timedOut ? ' (time limit hit)' : ''}`),
    both('Accepted (201)', (r) => `**${fmtInt(r.accepted)}**`),
    both(
      'Refused (409)',
      (r) =>
        `${fmtInt(r.refused)}${r.conflicts.duplicate || r.conflicts.other ? ` (dup. ${r.conflicts.duplicate}, other ${r.conflicts.other})` : ''}`,
    ),
    both(
      '422 / 429 / 5xx / network errors',
      (r) => `${r.invalid} / ${r.limited} / ${r.server} / ${r.network}${r.otherStatus ? `; ${r.otherStatus}` : ''}`,
    ),
    both('Burst duration (first request → last response)', (r) => fmt(r.durationMs)),
    both(`Time to fill (first request → last 201)`, (r) => fmt(r.fillMs)),
    both('**Accepted registrations/s** (over the time to fill)', (r) => `**${fmtInt(r.acceptedPerSec)}**`),
    both(`Each atomic burst, in order (the median is this column)`, (r) =>
      r === real ? r.allBursts.map((v) => `${fmtInt(v)}/s`).join(' · ') + ` (oversold in all: ${r.allOversold})` : 'one burst',
    ),
    both('Requests/s (whole burst)', (r) => fmtInt(r.attemptsPerSec)),
    both('HTTP latency p50 / p95 / p99 (all)', (r) => lat(r.http)),
    both('HTTP latency p50 / p95 / p99 (201 only)', (r) => lat(r.httpOk)),
    both('HTTP latency p50 / p95 / p99 (409 only)', (r) => lat(r.httpRefused)),
    both(`Push of each registration p50 / p95 / p99, from request sent (${joined} watchers)`, (r) =>
      r === real ? lat(r.push.fromSend) : 'no pushes (writes no events)',
    ),
    both('Push p50 / p95 / p99, from the 201 response', (r) => (r === real ? lat(r.push.fromResp) : '—')),
    both('Push to every watcher (last socket) p50 / p95 / p99, from the 201', (r) => (r === real ? lat(r.push.everyFromResp) : '—')),
    both('Registrations pushed to watchers: delivered / missed / duplicated', (r) =>
      r === real ? `${fmtInt(r.push.delivered)} / ${r.push.missed} / ${r.push.duplicates}` : `${r.push.delivered + r.push.unmatched}`,
    ),
    both('`registrations.created` pushes per watcher (registrations combined per relay batch)', (r) =>
      r === real
        ? `${fmtInt(r.push.messagesPerSocket)} (${(r.push.delivered / Math.max(1, r.push.messagesPerSocket * joined)).toFixed(1)} registrations each)`
        : '—',
    ),
    both('`event.counts` pushes per watcher (coalesced) / final count seen', (r) =>
      r === real ? `${r.push.countsPushesPerSocket.toFixed(0)} / ${r.push.countsFinalMin ?? '—'}` : '—',
    ),
    both(`Rows in external_registrations (capacity ${cap})`, (r) => fmtInt(r.db.rows)),
    both('**Oversold** (rows beyond capacity; must be 0)', (r) => `**${r.oversold}**`),
    both('Counter `current_attendees` = rows', (r) =>
      r.consistent ? `yes (${fmtInt(r.db.current_attendees)})` : `**no** (${fmtInt(r.db.current_attendees)})`,
    ),
    both('API CPU over the burst (% of one core; of it kernel)', (r) => `${fmtPct(r.cpu.api)} (${fmtPct(r.cpu.apiSys)})`),
  ];
  const detailHead = [
    'Burst',
    'Wall',
    'API',
    'Workers',
    'PostgreSQL (this DB / other pg processes)',
    'Redis',
    'HTTP clients',
    'Watchers',
    'Other',
    'Steal (hypervisor)',
    'After the burst: push settle, API / workers CPU',
  ];
  const detailAlign = ['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:'];
  const detail = [];
  for (const r of [real, naive]) {
    detail.push([
      r.name,
      fmt(r.cpu.wallMs),
      fmtPct(r.cpu.api),
      fmtPct(r.cpu.workers),
      `${fmtPct(r.cpu.pg)} / ${fmtPct(r.cpu.pgOther)}`,
      fmtPct(r.cpu.redis),
      fmtPct(r.cpu.load),
      fmtPct(r.cpu.watchers),
      `${fmtPct(r.cpu.other + r.cpu.bench)}${r.cpu.otherTop ? ` (${r.cpu.otherTop})` : ''}`,
      fmtPct(r.cpu.steal),
      `${fmt(r.pushSettleMs)}, ${fmtPct(r.cpuTail.api)} / ${fmtPct(r.cpuTail.workers)} over ${fmt(r.cpuTail.wallMs)}`,
    ]);
  }
  const waits = [real, naive].map(
    (r) =>
      `${r.name} (${r.waits.samples} samples, ${r.waits.avgBackends.toFixed(1)} API backends on average):\n` +
      r.waits.top.map(([k, share]) => `  ${share.toFixed(2).padStart(6)}  ${k}`).join('\n'),
  );
  const ceilingText = ceiling
    ? [
        `DB-only ceiling (API and workers stopped): the API's registration statement (register_external_batch: the event row locked`,
        `once, each registration and its outbox event, the counter moved once), back to back, no HTTP / Nest; time per statement mean / p50 / p99:`,
        ...ceiling.variants.map(
          (v) =>
            `  ${`${v.name}:`.padEnd(50)} ${fmtInt(v.perSec).padStart(6)} registrations/s   ` +
            `${fmt(v.statement.mean)} / ${fmt(v.statement.p50)} / ${fmt(v.statement.p99)}`,
        ),
      ].join('\n')
    : '';
  const waitShare = (r, test) => r.waits.all.filter(([k]) => test(k)).reduce((a, [, n]) => a + n, 0);
  const reading = [
    `During the atomic burst the API's PostgreSQL pool held ${real.waits.avgBackends.toFixed(1)} backends on average: ` +
      `${waitShare(real, (k) => k.startsWith('Lock:')).toFixed(1)} waiting for a row lock (the event row), ` +
      `${waitShare(real, (k) => k.startsWith('idle in transaction')).toFixed(1)} idle in a transaction waiting for the API's next statement, ` +
      `${waitShare(real, (k) => k.startsWith('IO:WAL') || k.startsWith('LWLock:WAL')).toFixed(1)} flushing WAL, ` +
      `${waitShare(real, (k) => k === 'idle (pool)').toFixed(1)} idle in the pool; the API process used ${fmtPct(real.cpu.api)} of one core.`,
  ];
  const machineUse = (c) => c.api + c.workers + c.pg + c.pgOther + c.redis + c.load + c.watchers + c.bench + c.other;
  const lockWaiters = waitShare(real, (k) => k.startsWith('Lock:'));
  const idlePool = waitShare(real, (k) => k === 'idle (pool)');
  const mainThread = real.profile ? (100 * real.profile.busy) / (real.profile.busy + real.profile.idle) : NaN;
  if (ceiling) {
    const [single, b16, b64] = ceiling.variants;
    reading.push(
      `PostgreSQL alone (API stopped) takes ${fmtInt(single.perSec)} registrations/s through the API's statement when each call ` +
        `carries one registration (20 connections queueing on the event row), ${fmtInt(b16.perSec)}/s in batches of 16 and ` +
        `${fmtInt(b64.perSec)}/s in batches of 64 (${fmt(b64.statement.mean)} per batch) from one connection.`,
    );
  }
  if (real.acceptedPerSec < 1000) {
    if (lockWaiters >= 5) {
      reading.push(
        `**What limits throughput: the event row lock.** ${lockWaiters.toFixed(1)} of the pool's connections wait for it on average; ` +
          'registrations commit one after another.',
      );
    } else if (idlePool >= 5) {
      reading.push(
        `**What limits throughput: the API process, not PostgreSQL.** The pool sits idle (${idlePool.toFixed(1)} of ` +
          `${real.waits.avgBackends.toFixed(0)} connections on average) while the API uses ${fmtPct(real.cpu.api)} of a core` +
          (Number.isFinite(mainThread) ? ` and its main thread is busy ${fmtPct(mainThread)} of the time (profile)` : '') +
          `; all processes together use ${fmtPct(machineUse(real.cpu))} of the ${machine.nproc * 100} % the machine has` +
          (ceiling ? `, and PostgreSQL alone takes ${fmtInt(ceiling.variants[0].perSec)}/s.` : '.'),
      );
    }
  }
  const profiles = [real, naive]
    .filter((r) => r.profile)
    .map((r) =>
      [
        `API main thread, ${r.name} burst: ${fmt(r.profile.busy)} busy, ${fmt(r.profile.idle)} idle (${r.profile.file})`,
        `  by innermost library on the stack: ${r.profile.inclusive.map(([k, v]) => `${k} ${fmt(v)}`).join(', ')}`,
        `  self time by package: ${r.profile.packages.map(([k, v]) => `${k} ${fmt(v)}`).join(', ')}`,
        ...r.profile.functions.map(([k, v]) => `  ${fmt(v).padStart(9)}  ${k}`),
        ...(r.profile.workers
          ? [
              `Workers main thread, ${r.name} burst: ${fmt(r.profile.workers.busy)} busy, ${fmt(r.profile.workers.idle)} idle (${r.profile.workers.file})`,
              `  self time by package: ${r.profile.workers.packages.map(([k, v]) => `${k} ${fmt(v)}`).join(', ')}`,
              ...r.profile.workers.functions.map(([k, v]) => `  ${fmt(v).padStart(9)}  ${k}`),
            ]
          : []),
      ].join('\n'),
    );
  const met =
    real.acceptedPerSec >= 1000 && real.allOversold === 0 && real.allConsistent && real.accepted === Math.min(opts.capacity, real.attempts);
  const verdict =
    `${met ? '**Target met.**' : '**Target missed.**'} The atomic guard accepted ${fmtInt(real.accepted)} registrations at ` +
    `${fmtInt(real.acceptedPerSec)}/s through the HTTP stack (target ≥ 1,000/s; the median of ${real.allBursts.length} burst${real.allBursts.length > 1 ? 's' : ''}: ` +
    `${real.allBursts.map((v) => fmtInt(v)).join(', ')}/s), oversold ${real.allOversold} in all of them (target 0), counter ` +
    `${real.allConsistent ? 'consistent' : 'INCONSISTENT'}, HTTP p99 ${fmt(real.http.p99)}, push p95 to the ${joined} watchers ` +
    `${fmt(real.push.fromSend.p95)} from the request (${fmt(real.push.fromResp.p95)} from the 201). The naive check-then-insert ` +
    `accepted ${fmtInt(naive.accepted)} at ${fmtInt(naive.acceptedPerSec)}/s and oversold **${naive.oversold}** ` +
    `(counter ${naive.consistent ? 'consistent' : `${fmtInt(naive.db.current_attendees)} for ${fmtInt(naive.db.rows)} rows`}).`;
  const config =
    `Capacity ${cap}, ${fmtInt(opts.attempts)} attempts per burst, ${opts.clients} HTTP clients (closed loop, keep-alive, one process), ` +
    `${joined} staff sockets in another process; ${opts.bursts} atomic burst${opts.bursts > 1 ? 's, each on a fresh event (the median is shown)' : ''} first, then the naive one on another event.` +
    (otherBenchDone && !real.overlapped && !naive.overlapped ? '' : ' Another bench/ script ran at the same time.');
  // Work that is not this benchmark's (other sessions' tests, browsers…) takes cores from it: say so where the figures are.
  const foreign = [real, naive].filter((r) => r.cpu.other >= 25 || r.cpu.steal >= 10 || r.overlapped || !otherBenchDone);
  const distorted = foreign.length
    ? `**Distorted run:** other work on the machine during ${foreign
        .map(
          (r) =>
            `the ${r.name} burst (${fmtPct(r.cpu.other)} of a core${r.cpu.otherTop ? `: ${r.cpu.otherTop}` : ''}; ` +
            `${fmtPct(r.cpu.steal)} taken by the hypervisor for other machines)`,
        )
        .join(' and ')}; the throughput figures understate what this machine does alone.`
    : '';
  const samples = [real, naive].filter((r) => r.samples.length).map((r) => `${r.name}: ${r.samples.join(' | ')}`);
  const markdown = [
    '## Registration burst: atomic capacity vs naive check-then-insert (issue 3)',
    '',
    `What is measured, in one run: one published event of capacity ${cap}; ${joined} staff sockets join its board`,
    '(`external-event:<id>`); 64 HTTP clients register through `POST /api/eventos/{slug}/register` in a closed loop (64',
    `requests in flight) until ${fmtInt(opts.attempts)} attempts, so the last ones are refusals (409) once it is full. Then the same burst on`,
    'a second identical event against `POST /api/bench-baselines/naive-register/{slug}` (mounted by the benchmark itself, `bench/baselines/`',
    'outside production): same HTTP stack and validation, but it counts the rows and then inserts, without an atomic guard — the',
    `old logic. Before both, each route takes ${fmtInt(opts.warmup)} unmeasured requests on an event of its own (warm-up: JIT, pools).`,
    `The atomic burst runs ${opts.bursts} times, each on a fresh event with the watchers moved to its board; the table shows the`,
    'median burst (by accepted/s) and lists all. *Steal* is the CPU time the hypervisor gave to other virtual machines.',
    '*Accepted/s* is accepted registrations over the time to fill (first request sent → last 201 received). *Push* is',
    'the arrival of each registration at each watcher (in a `registrations.created` push, which carries the registrations the',
    'outbox relay published together) minus the time its HTTP request was sent (and minus its 201). *Oversold*',
    'is rows beyond capacity. CPU is utime+stime from `/proc/<pid>/stat` over the burst, as % of one core (the machine has',
    `${machine.nproc} cores, so 200 % is everything). Rate limits are raised for the run (\`PUBLIC_WRITE_LIMIT_PER_MINUTE\`), but the`,
    'limiter still runs (its Redis increments are coalesced per address: one round trip per group of concurrent requests).',
    '',
    '```sh',
    'npm run bench:registrations   # node bench/registration-burst.mjs',
    'node bench/registration-burst.mjs --profile --no-write   # plus a V8 CPU profile of the API per burst; leaves this file alone',
    '```',
    '',
    'Needs PostgreSQL (`BENCH_DATABASE_URL`, else `TEST_DATABASE_URL`, else postgres://postgres@127.0.0.1:5432/postgres) and',
    'Redis (`TEST_REDIS_URL`, else redis://127.0.0.1:6379). The script builds the server when `dist/` is older than the sources',
    `(or with \`--build\`), waits while another \`bench/\` script runs, creates and drops its own database \`${DB_PREFIX}<timestamp>\``,
    'and Redis prefix, starts the API (port 3298) and the workers itself, and stops by itself. Other flags: `--capacity=5000',
    '--attempts=6000 --clients=64 --watchers=100 --max-seconds=120 --port=3298 --warmup=1000 --no-db-ceiling --wait-quiet=120`.',
    '',
    `Latest run: ${date.toISOString().replace(/\.\d+Z$/, 'Z')} — ${machine.nproc} cores (${machine.model}), ${machine.memGb} GB RAM, Node ${machine.node}, ` +
      `PostgreSQL ${pgInfo.version} (synchronous_commit ${pgInfo.sc}); API, workers, PostgreSQL, Redis and the bench on this one machine.`,
    config,
    ...(distorted ? ['', distorted] : []),
    '',
    table(mainHead, main, mainAlign),
    '',
    verdict,
    '',
    ...reading.flatMap((line) => [line, '']),
    'CPU over each burst, % of one core per process (PostgreSQL: the backends of the bench database, then the other postgres',
    'processes such as the WAL writer); the last column is the time the pushes took to reach every watcher after the last',
    'response, and what the API and the workers burned meanwhile (relay, audit jobs):',
    '',
    table(detailHead, detail, detailAlign),
    '',
    "Where the API's PostgreSQL backends spend the burst (pg_stat_activity sampled every 50 ms; share = backends in that",
    'state per sample, so 20 is the whole pool of 20):',
    '',
    '```text',
    ...waits,
    ...(ceilingText ? ['', ceilingText] : []),
    ...(profiles.length ? ['', ...profiles] : []),
    ...(samples.length ? ['', 'Unexpected answers (first 5):', ...samples] : []),
    '```',
  ].join('\n');
  const stdout = [
    `Registration burst — ${machine.nproc} cores (${machine.model}), Node ${machine.node}, PostgreSQL ${pgInfo.version}`,
    config,
    ...(distorted ? [distorted.replaceAll('**', '')] : []),
    '',
    table(mainHead, main, mainAlign),
    '',
    table(detailHead, detail, detailAlign),
    '',
    ...waits,
    '',
    ...(ceilingText ? [ceilingText, ''] : []),
    ...profiles.flatMap((p) => [p, '']),
    ...(samples.length ? ['Unexpected answers (first 5):', ...samples, ''] : []),
    verdict.replaceAll('**', ''),
    ...reading.map((line) => line.replaceAll('**', '')),
  ].join('\n');
  return { markdown, stdout };
}

// ───────────────────────────────────────── --beside: this build and another, alternated ─────────────────────────────────────────

/** What the --beside report keeps of one burst (a child writes these as JSON). */
function burstFigures(r) {
  return {
    acceptedPerSec: r.acceptedPerSec,
    accepted: r.accepted,
    oversold: r.oversold,
    consistent: r.consistent,
    http: r.http,
    httpOk: r.httpOk,
    pushFromResp: r.push.fromResp,
    serverPush: r.serverPush,
    pushMissed: r.push.missed,
    cpu: {
      api: r.cpu.api,
      workers: r.cpu.workers,
      pg: r.cpu.pg,
      pgOther: r.cpu.pgOther,
      redis: r.cpu.redis,
      other: r.cpu.other,
      steal: r.cpu.steal,
    },
    overlapped: r.overlapped,
  };
}

/**
 * `--beside=<rev>`: the same burst against this checkout and against `rev` (built in a temporary `git worktree` under
 * /tmp), in one run. Each burst is a child run of this script (`--root=<checkout> --child-json=<file> --bursts=1`:
 * its own database, Redis prefix, API and workers, on its own port — this build on --port, the other on --port + 1),
 * the builds alternated A B, B A, A B… so that a machine getting busier or quieter weighs on both alike. Only one
 * build runs at a time. Reports each build's median and each burst, the ratio of the medians, and how busy the
 * machine was (machineBusy() before each burst, other processes' CPU during it): a busy machine is marked so.
 */
async function besideMain(opts) {
  const cleanups = [];
  const cleanup = () => {
    for (const f of cleanups.splice(0)) {
      try {
        f();
      } catch {
        /* best effort */
      }
    }
  };
  process.once('exit', cleanup);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      cleanup();
      process.exit(130);
    });
  }
  const otherBenchDone =
    opts.waitOtherS > 0 ? (await waitForOtherBenches({ seconds: opts.waitOtherS, pollMs: 30_000 })).length === 0 : true;
  const head = spawnSync('git', ['rev-parse', '--short=10', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'api', 'workers'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  log('building this checkout (npm run build:server)…');
  if (spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, stdio: 'inherit' }).status !== 0)
    throw new Error('npm run build:server failed');
  const other = worktreeOf(opts.beside, (f) => cleanups.push(f));
  const builds = [
    { label: `this checkout (${head}${dirty ? ', uncommitted changes' : ''})`, root: ROOT, port: opts.port, runs: [] },
    { label: `${opts.beside} (${other.sha.slice(0, 10)})`, root: other.dir, port: opts.port + 1, runs: [] },
  ];
  const tmp = mkdtempSync(join(os.tmpdir(), 'aforo-bench-beside-'));
  cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
  const pass = [
    `--attempts=${opts.attempts}`,
    `--capacity=${opts.capacity}`,
    `--clients=${opts.clients}`,
    `--watchers=${opts.watchers}`,
    `--warmup=${opts.warmup}`,
    `--max-seconds=${opts.maxSeconds}`,
    `--wait-quiet=${opts.waitQuietS}`,
    ...(opts.idempotency ? ['--idempotency'] : []),
  ];
  let k = 0;
  for (let round = 0; round < opts.bursts; round += 1) {
    for (const b of round % 2 === 0 ? builds : [...builds].reverse()) {
      const file = join(tmp, `burst-${(k += 1)}.json`);
      const busyBefore = await machineBusy(2000);
      log(`round ${round + 1}/${opts.bursts}: ${b.label} (machine ${busyBefore.toFixed(0)} % busy before)…`);
      const child = spawn(
        process.execPath,
        [
          SELF,
          `--root=${b.root}`,
          `--child-json=${file}`,
          `--port=${b.port}`,
          '--bursts=1',
          '--no-db-ceiling',
          '--no-write',
          '--wait-other=0',
          ...pass,
        ],
        { stdio: 'inherit' },
      );
      const code = await new Promise((done) => child.on('exit', (c) => done(c)));
      if (code !== 0) throw new Error(`the burst against ${b.label} failed (exit ${code})`);
      const { runs, joined } = JSON.parse(readFileSync(file, 'utf8'));
      b.joined = joined;
      for (const r of runs) b.runs.push({ ...r, busyBefore });
    }
  }
  const med = (b, f) => median(b.runs.map(f));
  const [mine, theirs] = builds;
  const ratio = med(mine, (r) => r.acceptedPerSec) / med(theirs, (r) => r.acceptedPerSec);
  const busiest = Math.max(...builds.flatMap((b) => b.runs.map((r) => Math.max(r.busyBefore, r.cpu.other / 2))));
  const busy = busiest > 25 || !otherBenchDone || builds.some((b) => b.runs.some((r) => r.overlapped));
  const machine = machineInfo();
  const rows = builds.map((b) => [
    b.label,
    `**${fmtInt(med(b, (r) => r.acceptedPerSec))}**`,
    b.runs.map((r) => fmtInt(r.acceptedPerSec)).join(' · '),
    `${fmt(med(b, (r) => r.http.p50))} / ${fmt(med(b, (r) => r.http.p95))} / ${fmt(med(b, (r) => r.http.p99))}`,
    fmt(med(b, (r) => r.pushFromResp.p95)),
    b.runs.every((r) => r.serverPush) ? fmt(med(b, (r) => r.serverPush.p95)) : '—',
    `${fmtPct(med(b, (r) => r.cpu.api))} / ${fmtPct(med(b, (r) => r.cpu.workers))} / ${fmtPct(med(b, (r) => r.cpu.pg))}`,
    `${b.runs.map((r) => fmtPct(r.busyBefore)).join(' · ')}; others during: ${b.runs.map((r) => fmtPct(r.cpu.other)).join(' · ')}`,
    `${b.runs.reduce((a, r) => a + r.oversold, 0)} / ${b.runs.every((r) => r.consistent) ? 'yes' : '**no**'}`,
  ]);
  const head2 = [
    'Build',
    'Accepted/s (median)',
    'Each burst, in order',
    'HTTP p50 / p95 / p99 (median)',
    'Push p95 from the 201',
    "Push delay p95 in the API (its oldest registration's transaction to its send)",
    'CPU API / workers / PostgreSQL (median, % of a core)',
    'Machine busy before each burst (% of all cores); other processes during (% of a core)',
    'Oversold / counter = rows',
  ];
  const when = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const verdict =
    `This checkout accepted **${(ratio * 100).toFixed(0)} %** of the registrations per second of ${opts.beside} ` +
    `(median of ${opts.bursts} bursts each, alternated in one run).` +
    (busy
      ? ` **Busy machine** (up to ${busiest.toFixed(0)} % of it taken by other work${otherBenchDone ? '' : ', another bench/ script running'}): ` +
        'the absolute figures are low; the relative one is what this run shows.'
      : '');
  const markdown = [
    `## Registration burst beside another build (\`--beside=${opts.beside}\`)`,
    '',
    'The same burst as above (one event, 64 HTTP clients in a closed loop, staff sockets on its board), against this checkout and',
    'against another revision built in a temporary `git worktree`, alternated in one run; each burst on its own database, API and',
    'workers, only one build running at a time.',
    '',
    '```sh',
    `npm run bench:registrations -- --beside=${opts.beside} --bursts=${opts.bursts}${opts.idempotency ? ' --idempotency' : ''}`,
    '```',
    '',
    `Latest run: ${when} — ${machine.nproc} cores (${machine.model}), Node ${machine.node}; ${fmtInt(opts.attempts)} attempts per burst on a capacity of ${fmtInt(opts.capacity)}, ` +
      `${opts.clients} clients, ${mine.joined ?? opts.watchers} watchers, warm-up ${fmtInt(opts.warmup)} requests per burst` +
      (opts.idempotency ? '; an Idempotency-Key on every registration, as the web app sends.' : '.'),
    '',
    table(head2, rows, ['---', '---:', '---:', '---:', '---:', '---:', '---:', '---', '---:']),
    '',
    verdict,
  ].join('\n');
  console.log(`\n${markdown.replaceAll('**', '')}`);
  if (opts.write) writeBenchSection('registration-burst-beside', markdown);
  cleanup();
}

// Dispatch last, once every top-level helper above is initialised.
if (process.argv[2] === '--watchers') await watchersMain();
else if (process.argv[2] === '--load') await loadMain();
else await orchestratorMain();
