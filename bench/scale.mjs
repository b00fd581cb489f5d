#!/usr/bin/env node
// One process against the production shape, side by side in one run (npm run bench:scale); figures go to
// docs/benchmarks.md (its own section only).
//
// Shapes, each on the same fresh database and its own Redis prefix:
//   single — today's `npm start`: one process with the api and realtime roles, and the workers;
//   split  — `npm run start:cluster --api 2 --realtime 1 --workers 1` (scripts/cluster.mjs): two api
//            processes and one realtime process behind the system's HAProxy.
// For each: a public burst (--clients=64 requests in flight, --attempts registrations on one event) while
// --watchers=200 staff sockets watch its board: registrations per second, HTTP p50/p95, and the
// `registrations.created` push p95 at the watchers (from each acknowledged response). Then --sockets=5000
// staff sockets join the `users` room and --changes users are created one after another: push p95 (from the
// acknowledged response to each socket) and pushes missed; the realtime process's memory (heap used and RSS
// after a forced garbage collection, through bench/lib.mjs memoryPreload) before and after the sockets, per
// socket. Then --big=10000 sockets on the same process (in the split shape on the one realtime process directly,
// as one process holds them behind the proxy): memory per socket and every push delivered.
// Then the socket.io adapters, on api × 1 + realtime × 2 (so the adapter carries every push between the
// two): Redis pub/sub (@socket.io/redis-adapter, in use) against Redis Streams
// (@socket.io/redis-streams-adapter, swapped in by bench/baselines/streams-adapter.cjs): push p95 to
// --watchers sockets spread over both, and a Redis restart (a redis-server of this bench's own, AOF on)
// in the middle of --changes changes: per screen, changes received, missed, duplicated, and resync notices.
// Last, Nest's HTTP adapters: the same compiled API (ROLES=api) on Express and on Fastify
// (bench/baselines/http-adapters.cjs, with only the input pipe and the error filter), the burst alone.
//
// Sockets are raw WebSocket socket.io clients (bench/lib.mjs rawSocketIo) in forked child processes (this
// file with --holder), the burst is another child (--load); timestamps agree across processes on one
// machine. Every loop is bounded; a watchdog ends the run after 40 min; everything started is stopped and
// the database and Redis keys dropped at the end.
//
// Flags: --sockets=5000 --big=10000 (0: skip) --watchers=200 --clients=64 --attempts=4000 --changes=20
// --gap=150 (ms between changes; at least 1 ms per 10 sockets watching) --shapes=single,split --adapters=pubsub,streams --http=express,fastify (none: skip
// either) --port=3296
// --wait-other=0 (s to wait for other bench/*.mjs) --build (rebuild the server first) --no-write
// --base=<dir>: another checkout, built (`npm run build:server` there; e.g. `git worktree add /tmp/base main`), measured
// in each shape right before this one, in the same run: its figures are the baseline column
// --no-pin: in the split shape the realtime process is pinned to the last core and the api replicas and the workers
// to the others (taskset), so the pushes have a core of their own as in production; --no-pin leaves them free.
// Memory: the sockets join first, on the fresh process (before any burst: what a burst leaves in the allocator would
// hide the sockets' own growth); RSS and heap per socket are measured against that fresh process, for every size.
// HAProxy taking a replica out of rotation is always printed; BENCH_SCALE_VERBOSE=1 also prints the cluster's
// own lines and the replicas' warnings.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import {
  ROOT,
  benchEvent,
  connectInBatches,
  createBenchEnv,
  fmtInt,
  fmtMs,
  forkChild,
  freePort,
  log,
  machineBusy,
  machineInfo,
  memoryPreload,
  now,
  pushDelayBetween,
  pushDelayBuckets,
  rawSocketIo,
  readFlags,
  readMemory,
  serve,
  settleOnce,
  summary,
  table,
  waitForOtherBenches,
  writeBenchSection,
} from './lib.mjs';

const SELF = fileURLToPath(import.meta.url);
const DB_PREFIX = 'aforo_bench_scale_';
const SOCKETS_PER_HOLDER = 5000;

// ───────────────────────────────────────── child processes ─────────────────────────────────────────

/**
 * Holds raw staff sockets; records, per socket, each change it hears about (a registration's or a user's
 * e-mail, from `registrations.created` / `user.created`) and each `live.resync`.
 */
function holderMain() {
  const sockets = [];
  let keys = []; // flat pairs: socket index, key
  let times = [];
  let resyncs = new Set();
  const ready = new Set();
  let dropped = 0;
  const connectOne = (index, { url, token, room, timeoutMs }) =>
    new Promise((done) => {
      const finish = settleOnce(timeoutMs, (ok, why) => done({ socket, ok, why }));
      const socket = rawSocketIo(url, token, {
        room,
        onEvent: ([event, payload], t) => {
          if (event === 'registrations.created') {
            for (const r of payload?.data?.registrations ?? []) {
              keys.push(index, String(r?.email ?? '').toLowerCase());
              times.push(t);
            }
          } else if (event === 'user.created') {
            keys.push(index, String(payload?.data?.user?.email ?? '').toLowerCase());
            times.push(t);
          } else if (event === 'live.resync') resyncs.add(index);
        },
        onReady: () => {
          ready.add(index);
          finish(true);
        },
        onFail: (why) => {
          if (ready.delete(index)) dropped += 1; // closed after it had joined
          finish(false, why);
        },
      });
    });
  serve({
    connect({ url, token, room, count, batch, timeoutMs }) {
      return connectInBatches(sockets, count, batch, (i) => connectOne(i, { url, token, room, timeoutMs }));
    },
    start() {
      keys = [];
      times = [];
      resyncs = new Set();
      return {};
    },
    count: () => ({ delivered: times.length }),
    /** `sent`: [key, request sent, response received] of every acknowledged change; per change and socket, once. */
    report({ sent }) {
      const index = new Map(sent.map(([key], k) => [key, k]));
      const seen = new Set();
      const fromResp = [];
      let duplicates = 0;
      const perSocket = new Map();
      for (let i = 0; i < times.length; i += 1) {
        const socket = keys[2 * i];
        const k = index.get(keys[2 * i + 1]);
        if (k === undefined) continue;
        const slot = `${socket}:${k}`;
        if (seen.has(slot)) {
          duplicates += 1;
          continue;
        }
        seen.add(slot);
        perSocket.set(socket, (perSocket.get(socket) ?? 0) + 1);
        fromResp.push(times[i] - sent[k][2]);
      }
      const joined = sockets.length;
      let complete = 0;
      let resyncedIncomplete = 0;
      for (let s = 0; s < joined; s += 1) {
        if ((perSocket.get(s) ?? 0) === sent.length) complete += 1;
        else if (resyncs.has(s)) resyncedIncomplete += 1;
      }
      return {
        delivered: fromResp.length,
        expected: sent.length * joined,
        duplicates,
        complete,
        resynced: resyncs.size,
        resyncedIncomplete,
        dropped,
        fromResp,
      };
    },
    disconnect() {
      ready.clear();
      dropped = 0;
      for (const s of sockets.splice(0)) s.disconnect();
      return {};
    },
  });
}

/** The public burst: `concurrency` registrations always in flight until `attempts` (or `maxMs`). */
async function loadMain() {
  const { Agent, request } = await import('undici');
  serve({
    async burst({ url, path, attempts, concurrency, maxMs, prefix }) {
      const agent = new Agent({ connections: concurrency, pipelining: 1, keepAliveTimeout: 60_000 });
      await Promise.all(
        Array.from({ length: concurrency }, () =>
          request(`${url}/api/health`, { dispatcher: agent }).then(
            (r) => r.body.dump(),
            () => undefined,
          ),
        ),
      );
      const rows = [];
      const statuses = {};
      let next = 0;
      const deadline = now() + maxMs;
      const worker = async () => {
        while (next < attempts && now() < deadline) {
          const i = next++;
          const email = `${prefix}${i}@bench.aforo.local`;
          const body = JSON.stringify({
            nombre: 'JOSÉ',
            apellido_paterno: 'GARZA',
            apellido_materno: 'PEÑA',
            fecha_nacimiento: '1990-05-17',
            phone: `55${String(i).padStart(8, '0')}`,
            email,
            empresa: 'ACME',
            tipo_participante: 'Empresario',
          });
          const tSend = now();
          let status = 0;
          try {
            const res = await request(`${url}${path}`, {
              method: 'POST',
              dispatcher: agent,
              headers: { 'content-type': 'application/json' },
              body,
            });
            await res.body.dump();
            status = res.statusCode;
          } catch {
            status = 0;
          }
          statuses[status] = (statuses[status] ?? 0) + 1;
          rows.push([email, tSend, now(), status]);
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      await agent.close();
      return { rows, statuses };
    },
  });
}

// ───────────────────────────────────────── helpers ─────────────────────────────────────────

function parseFlags(argv) {
  const { flags, int } = readFlags(argv, [
    'sockets',
    'big',
    'watchers',
    'clients',
    'attempts',
    'changes',
    'gap',
    'shapes',
    'adapters',
    'http',
    'port',
    'wait-other',
    'build',
    'no-write',
    'base',
    'no-pin',
  ]);
  const list = (name, fallback, allowed) => {
    const raw = flags[name] === undefined ? fallback : String(flags[name]);
    const items = raw === 'none' || raw === '' ? [] : raw.split(',');
    for (const i of items) if (!allowed.includes(i)) throw new Error(`--${name}: unknown value ${i}`);
    return items;
  };
  return {
    sockets: int('sockets', 5000, 1, 50_000),
    big: int('big', 10_000, 0, 50_000),
    watchers: int('watchers', 200, 1, 5000),
    clients: int('clients', 64, 1, 512),
    attempts: int('attempts', 4000, 10, 100_000),
    changes: int('changes', 20, 2, 500),
    gap: int('gap', 150, 0, 10_000),
    shapes: list('shapes', 'single,split', ['single', 'split']),
    adapters: list('adapters', 'pubsub,streams', ['pubsub', 'streams']),
    http: list('http', 'express,fastify', ['express', 'fastify']),
    port: int('port', 3296, 1024, 65535),
    waitOtherS: int('wait-other', 0, 0, 3600),
    build: flags.build === true,
    write: flags['no-write'] !== true,
    base: typeof flags.base === 'string' && flags.base ? resolve(flags.base) : null,
    pin: flags['no-pin'] !== true,
  };
}

/** The short commit of a checkout (its name in the table). */
const gitDescribe = (root) => spawnSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout?.trim() || root;

/**
 * The realtime replica on the last core, every other replica (api, workers) on the others, all threads (taskset);
 * returns what was done, or null where taskset is missing or refused.
 */
function pinCores(replicas, realtimeName) {
  const cores = os.cpus().length;
  if (cores < 2) return null;
  const last = String(cores - 1);
  const rest = cores === 2 ? '0' : `0-${cores - 2}`;
  const pinned = [];
  for (const [name, r] of replicas) {
    if (!r.pid) continue;
    const list = name === realtimeName ? last : rest;
    const res = spawnSync('taskset', ['-a', '-p', '-c', list, String(r.pid)], { encoding: 'utf8' });
    if (res.status !== 0) return null;
    pinned.push(`${name} → ${list}`);
  }
  return pinned.join(', ');
}

const kb = (bytes) => (Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(1)} KB` : '—');
const mb = (bytes) => (Number.isFinite(bytes) ? `${(bytes / 1048576).toFixed(0)} MB` : '—');

// ───────────────────────────────────────── orchestrator ─────────────────────────────────────────

async function orchestratorMain() {
  const opts = parseFlags(process.argv.slice(2));
  const memoryDir = mkdtempSync(join(os.tmpdir(), 'aforo-bench-scale-'));
  const bench = await createBenchEnv({
    prefix: DB_PREFIX,
    port: opts.port,
    extraEnv: {
      PUBLIC_WRITE_LIMIT_PER_MINUTE: '10000000',
      PUBLIC_READ_LIMIT_PER_MINUTE: '10000000',
      BENCH_MEMORY_DIR: memoryDir,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${memoryPreload()}`.trim(),
    },
  });
  const { env, runId } = bench;
  bench.onCleanup(() => rmSync(memoryDir, { recursive: true, force: true }));
  const machine = machineInfo();
  if (opts.waitOtherS > 0) await waitForOtherBenches({ seconds: opts.waitOtherS, pollMs: 10_000 });
  bench.armWatchdog(opts.base ? 70 : 40);
  /** The builds measured: the baseline checkout (--base) first, then this one, in each shape. */
  const codes = [
    ...(opts.base ? [{ key: 'base', root: opts.base, name: `base ${gitDescribe(opts.base)}` }] : []),
    { key: 'this', root: ROOT, name: opts.base ? `this build ${gitDescribe(ROOT)}` : '' },
  ];
  for (const c of codes)
    if (!existsSync(join(c.root, 'dist/api/src/main.js'))) throw new Error(`${c.root} is not built (npm run build:server there)`);
  // Other work on the machine: measured before the run and over it (the bench's own processes included over it).
  const busyBefore = await machineBusy(2000);
  const cpuAtStart = os.cpus().reduce((a, c) => a + c.times.user + c.times.nice + c.times.sys + c.times.irq, 0);
  const wallAtStart = now();

  await bench.run(async () => {
    bench.build({ force: opts.build, ifStale: true });
    await bench.createDatabase();
    bench.migrate();

    const holderCount = Math.max(1, Math.ceil(Math.max(opts.sockets, opts.big, opts.watchers) / SOCKETS_PER_HOLDER));
    const holders = Array.from({ length: holderCount }, (_, i) =>
      forkChild(SELF, ['--holder'], { name: `holder${i}`, track: bench.track }),
    );
    const load = forkChild(SELF, ['--load'], { name: 'load', track: bench.track });
    const allHolders = (cmd, args, ms) => Promise.all(holders.map((h) => h.call(cmd, args, ms)));

    /** `count` sockets joining `room` at `url`, spread over the holders. */
    const connect = async (url, token, room, count) => {
      const per = Math.ceil(count / holders.length);
      const parts = await Promise.all(
        holders.map((h, i) => {
          const n = Math.max(0, Math.min(per, count - i * per));
          return n ? h.call('connect', { url, token, room, count: n, batch: 100, timeoutMs: 90_000 }, 600_000) : { joined: 0, failed: 0 };
        }),
      );
      const joined = parts.reduce((a, p) => a + p.joined, 0);
      const failed = parts.reduce((a, p) => a + p.failed, 0);
      if (failed) log(`${failed} of ${count} sockets could not join ${room}: ${parts.flatMap((p) => p.failures ?? []).join('; ')}`);
      return joined;
    };
    const delivered = async () => (await allHolders('count')).reduce((a, r) => a + r.delivered, 0);
    /** Waits until `expected` deliveries arrived or nothing new came for 10 s (at most 120 s). */
    const settle = async (expected) => {
      let last = -1;
      let still = now();
      const deadline = now() + 120_000;
      for (;;) {
        const n = await delivered();
        if (n >= expected || now() > deadline) return;
        if (n !== last) [last, still] = [n, now()];
        else if (now() - still > 10_000) return;
        await sleep(200);
      }
    };
    const report = (sent) => allHolders('report', { sent }, 300_000);
    const merge = (parts) => ({
      delivered: parts.reduce((a, p) => a + p.delivered, 0),
      expected: parts.reduce((a, p) => a + p.expected, 0),
      duplicates: parts.reduce((a, p) => a + p.duplicates, 0),
      complete: parts.reduce((a, p) => a + p.complete, 0),
      resynced: parts.reduce((a, p) => a + p.resynced, 0),
      resyncedIncomplete: parts.reduce((a, p) => a + p.resyncedIncomplete, 0),
      dropped: parts.reduce((a, p) => a + p.dropped, 0),
      ...summary(parts.flatMap((p) => p.fromResp)),
    });

    const login = async (url) => {
      const r = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
      });
      const body = await r.json();
      if (!body.token) throw new Error(`login failed at ${url}: ${r.status}`);
      return body.token;
    };
    const post = async (url, path, token, body) => {
      const tSend = now();
      const r = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const json = await r.json().catch(() => null);
      return { status: r.status, json, tSend, tResp: now() };
    };
    const createEvent = async (url, token, capacity) => {
      const title = `Escala ${runId} ${Math.random().toString(36).slice(2, 6)}`;
      const r = await post(url, '/api/eventos-externos', token, benchEvent(title, capacity, 'scale.mjs'));
      if (r.status !== 201) throw new Error(`POST /api/eventos-externos → ${r.status} ${JSON.stringify(r.json)}`);
      return r.json.event;
    };
    let userSeq = 0;
    /**
     * `count` users created one after another, `gap` ms apart (at least 1 ms per 10 sockets watching, so that
     * each fan-out is timed rather than a backlog of them); returns [e-mail, sent, acknowledged].
     */
    /** `opts.attempts` public registrations at `event` through `url`, `opts.clients` in flight (the load child's rows). */
    const registrationBurst = (url, event, prefix) =>
      load.call(
        'burst',
        {
          url,
          path: `/api/eventos/${encodeURIComponent(event.slug)}/register`,
          attempts: opts.attempts,
          concurrency: opts.clients,
          maxMs: 180_000,
          prefix,
        },
        240_000,
      );
    const changes = async (url, token, count, { between, sockets = 0 } = {}) => {
      const gap = Math.max(opts.gap, Math.round(sockets / 10));
      const sent = [];
      for (let i = 0; i < count; i += 1) {
        await between?.(i);
        const email = `escala${runId}-${(userSeq += 1)}@bench.aforo.local`;
        const r = await post(url, '/api/users', token, {
          name: `Escala ${userSeq}`,
          email,
          password: 'password-123',
          password_confirmation: 'password-123',
          is_super_admin: false,
          permissions: {},
        }).catch(() => ({ status: 0 }));
        if (r.status === 201) sent.push([email, r.tSend, r.tResp]);
        await sleep(gap);
      }
      return sent;
    };

    /**
     * `n` sockets on `socketUrl` with the memory of `rtPid` (first, on the fresh process), then the burst with
     * the watchers.
     */
    const measure = async ({ label, httpUrl, socketUrl, metricsUrl, rtPid, token, sizes }) => {
      const out = { label };
      // ── Many staff sockets: memory and push ──
      out.sizes = [];
      const fresh = await readMemory(rtPid, memoryDir);
      for (const { n, url } of sizes) {
        const before = await readMemory(rtPid, memoryDir);
        log(`${label}: ${n} staff sockets on the realtime process (pid ${rtPid})…`);
        const joined = await connect(url, token, 'users', n);
        await sleep(2000);
        const after = await readMemory(rtPid, memoryDir);
        const space = (m, name) => (m?.spaces?.[name] ? `${name} ${mb(m.spaces[name][0])} of ${mb(m.spaces[name][1])}` : '');
        const mem = (m) =>
          m
            ? `rss ${mb(m.rss)}, heap ${mb(m.heapUsed)} of ${mb(m.heapTotal)} (${space(m, 'old_space')}, ${space(m, 'new_space')}), external ${mb(m.external)}`
            : '—';
        log(`${label}: memory fresh ${mem(fresh)}; before ${mem(before)}; ${joined} joined ${mem(after)}`);
        await allHolders('start');
        const sent = await changes(httpUrl, token, opts.changes, { sockets: joined });
        await settle(sent.length * joined);
        const push = merge(await report(sent));
        out.sizes.push({
          n,
          joined,
          changes: sent.length,
          push,
          fresh,
          before,
          after,
          // Against the fresh process: memory a previous size left to the allocator does not hide this one's.
          heapPerSocket: fresh && after ? (after.heapUsed - fresh.heapUsed) / joined : NaN,
          rssPerSocket: fresh && after ? (after.rss - fresh.rss) / joined : NaN,
        });
        await allHolders('disconnect');
        await sleep(3000);
      }
      // ── The public burst with staff watching ──
      const event = await createEvent(httpUrl, token, opts.attempts);
      const watching = await connect(socketUrl, token, `external-event:${event.id}`, opts.watchers);
      await allHolders('start');
      const delay0 = await pushDelayBuckets(metricsUrl);
      log(`${label}: burst of ${opts.attempts} registrations, ${opts.clients} in flight, ${watching} staff sockets watching…`);
      const burst = await registrationBurst(httpUrl, event, `b${runId}${label}`);
      const accepted = burst.rows.filter((r) => r[3] === 201);
      await settle(accepted.length * watching);
      const first = Math.min(...burst.rows.map((r) => r[1]));
      const lastAck = Math.max(...accepted.map((r) => r[2]));
      const http = summary(burst.rows.map((r) => r[2] - r[1]));
      out.burst = {
        watching,
        accepted: accepted.length,
        statuses: burst.statuses,
        perSecond: accepted.length / ((lastAck - first) / 1000),
        httpP50: http.p50,
        httpP95: http.p95,
        push: merge(await report(accepted.map((r) => [r[0].toLowerCase(), r[1], r[2]]))),
        // The pushing process's own histogram: its side of the delay, without the bench's receiving sockets.
        serverPush: pushDelayBetween(delay0, await pushDelayBuckets(metricsUrl)),
      };
      await allHolders('disconnect');
      await sleep(1500);
      return out;
    };

    /** scripts/cluster.mjs as test/setup/cluster.ts holds it; resolves with its replicas and proxy URL. */
    const startCluster = async (sizes, extraEnv = {}, root = ROOT) => {
      const port = await freePort();
      const child = spawn(
        process.execPath,
        [
          join(root, 'scripts/cluster.mjs'),
          '--no-build',
          '--api',
          String(sizes.api),
          '--realtime',
          String(sizes.realtime),
          '--workers',
          '1',
        ],
        {
          cwd: root,
          env: { ...env, PORT: String(port), HOST: '127.0.0.1', WEB_DIST_DIR: '/nonexistent', ...extraEnv },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      bench.track(child);
      let output = '';
      const replicas = new Map();
      const read = (b) => {
        // HAProxy taking a replica out of rotation (or back) is part of what is measured: say it.
        for (const line of b.toString().split('\n')) {
          if (/ is (DOWN|UP)/.test(line) && !line.includes('[WARNING]')) log(`HAProxy: ${line.trim().slice(0, 160)}`);
          else if (process.env.BENCH_SCALE_VERBOSE && /"level":(4|5)0|\[aforo\]|ALERT|EMERG/.test(line)) log(line.slice(0, 400));
        }
        output += b.toString();
        for (const m of output.matchAll(/\[aforo\] (\w+?\d+) iniciado(?: en 127\.0\.0\.1:(\d+))? \(pid (\d+)\)/g))
          replicas.set(m[1], { port: Number(m[2]), pid: Number(m[3]) });
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      const deadline = now() + 420_000;
      while (!output.includes('Clúster listo')) {
        if (child.exitCode !== null || now() > deadline) throw new Error(`the cluster did not start:\n${output.slice(-3000)}`);
        await sleep(200);
      }
      const url = `http://127.0.0.1:${port}`;
      const stop = async () => {
        child.kill('SIGTERM');
        for (let i = 0; i < 300 && child.exitCode === null; i += 1) await sleep(100);
      };
      return { url, replicas, stop, output: () => output };
    };

    const results = { shapes: [], pinned: null };
    for (const shape of opts.shapes) {
      for (const code of codes) {
        const label = `${shape}${code.key === 'base' ? '-base' : ''}`;
        if (shape === 'single') {
          // ── Shape 1: one process, as npm start ──
          const { api, workers, token } = await bench.startServers({ root: code.root });
          const r = await measure({
            label,
            httpUrl: bench.baseUrl,
            socketUrl: bench.baseUrl,
            metricsUrl: bench.baseUrl,
            rtPid: api.pid,
            token,
            sizes: [{ n: opts.sockets, url: bench.baseUrl }, ...(opts.big ? [{ n: opts.big, url: bench.baseUrl }] : [])],
          });
          results.shapes.push({ shape, code, ...r });
          await bench.stopServers([api, workers]);
        } else {
          // ── Shape 2: api × 2 + realtime × 1 behind HAProxy ──
          const cluster = await startCluster({ api: 2, realtime: 1 }, {}, code.root);
          try {
            const token = await login(cluster.url);
            const rt = cluster.replicas.get('realtime1');
            if (opts.pin) results.pinned = pinCores(cluster.replicas, 'realtime1');
            const direct = `http://127.0.0.1:${rt.port}`;
            const r = await measure({
              label,
              httpUrl: cluster.url,
              socketUrl: cluster.url,
              metricsUrl: direct,
              rtPid: rt.pid,
              token,
              sizes: [{ n: opts.sockets, url: cluster.url }, ...(opts.big ? [{ n: opts.big, url: direct }] : [])],
            });
            results.shapes.push({ shape, code, ...r });
          } finally {
            await cluster.stop();
          }
        }
      }
    }
    // ── The adapters: api × 1 + realtime × 2 on a Redis of the bench's own, restarted mid-stream ──
    results.adapters = [];
    for (const adapter of opts.adapters) {
      const redisPort = await freePort();
      const redisDir = mkdtempSync(join(os.tmpdir(), 'aforo-bench-redis-'));
      let redis = null;
      const startRedis = async () => {
        redis = spawn(
          'redis-server',
          ['--port', String(redisPort), '--bind', '127.0.0.1', '--dir', redisDir, '--appendonly', 'yes', '--save', ''],
          {
            stdio: 'ignore',
          },
        );
        bench.track(redis);
        for (let i = 0; i < 100; i += 1) {
          const up = await fetch(`http://127.0.0.1:${redisPort}`).then(
            () => true,
            (e) => e.cause?.code !== 'ECONNREFUSED',
          );
          if (up) return;
          await sleep(100);
        }
      };
      const stopRedis = async () => {
        redis.kill('SIGTERM');
        for (let i = 0; i < 100 && redis.exitCode === null; i += 1) await sleep(100);
      };
      await startRedis();
      const preload = adapter === 'streams' ? ` --require=${join(ROOT, 'bench/baselines/streams-adapter.cjs')}` : '';
      const cluster = await startCluster(
        { api: 1, realtime: 2 },
        { REDIS_URL: `redis://127.0.0.1:${redisPort}`, NODE_OPTIONS: `${env.NODE_OPTIONS}${preload}` },
      );
      try {
        const token = await login(cluster.url);
        log(`adapter ${adapter}: ${opts.watchers} staff sockets over two realtime processes…`);
        const joined = await connect(cluster.url, token, 'users', opts.watchers);
        await allHolders('start');
        const steady = await changes(cluster.url, token, opts.changes);
        await settle(steady.length * joined);
        const push = merge(await report(steady));
        await allHolders('start');
        const third = Math.floor(opts.changes / 3);
        const restart = await changes(cluster.url, token, opts.changes, {
          between: async (i) => {
            if (i === third) await stopRedis();
            if (i === 2 * third) await startRedis();
          },
        });
        await sleep(5000);
        await settle(restart.length * joined);
        const across = merge(await report(restart));
        results.adapters.push({ adapter, joined, push, across, acknowledged: restart.length, attempted: opts.changes });
        await allHolders('disconnect');
      } finally {
        await cluster.stop();
        await stopRedis();
        rmSync(redisDir, { recursive: true, force: true });
      }
    }
    // ── The HTTP adapter: the same API (ROLES=api) on Express and on Fastify, the registration burst alone ──
    results.http = [];
    for (const kind of opts.http) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const child = spawn(process.execPath, [join(ROOT, 'bench/baselines/http-adapters.cjs')], {
        cwd: ROOT,
        env: { ...env, ROLES: 'api', PORT: String(port), BENCH_HTTP_ADAPTER: kind },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      bench.track(child);
      try {
        const deadline = now() + 60_000;
        while (
          (await fetch(`${url}/api/health`).then(
            (r) => r.status,
            () => 0,
          )) !== 200
        ) {
          if (child.exitCode !== null || now() > deadline) throw new Error(`the ${kind} API did not start`);
          await sleep(200);
        }
        const token = await login(url);
        const event = await createEvent(url, token, opts.attempts);
        log(`HTTP adapter ${kind}: burst of ${opts.attempts} registrations, ${opts.clients} in flight…`);
        const burst = await registrationBurst(url, event, `h${runId}${kind}`);
        const accepted = burst.rows.filter((r) => r[3] === 201);
        const first = Math.min(...burst.rows.map((r) => r[1]));
        const http = summary(burst.rows.map((r) => r[2] - r[1]));
        results.http.push({
          kind,
          accepted: accepted.length,
          attempts: burst.rows.length,
          statuses: burst.statuses,
          perSecond: accepted.length / ((Math.max(...accepted.map((r) => r[2])) - first) / 1000),
          p50: http.p50,
          p95: http.p95,
        });
      } finally {
        child.kill('SIGTERM');
        for (let i = 0; i < 100 && child.exitCode === null; i += 1) await sleep(100);
      }
    }
    for (const h of holders) h.child.disconnect();
    load.child.disconnect();
    const cpuAtEnd = os.cpus().reduce((a, c) => a + c.times.user + c.times.nice + c.times.sys + c.times.irq, 0);
    results.machine = {
      busyBefore,
      busyOver: (100 * (cpuAtEnd - cpuAtStart)) / ((now() - wallAtStart) * os.cpus().length),
      load: os.loadavg(),
    };
    render(results, opts, machine);
  });
}

function render(results, opts, machine) {
  const SHAPE_NAMES = { single: 'one process (npm start)', split: 'api × 2 + realtime × 1 behind HAProxy' };
  const shapes = results.shapes.map((r) => [r, `${SHAPE_NAMES[r.shape]}${r.code.name ? `, ${r.code.name}` : ''}`]);
  const rows = [];
  const cell = (f) => shapes.map(([r]) => f(r));
  rows.push(['registrations/s during the burst', ...cell((r) => fmtInt(r.burst.perSecond))]);
  rows.push(['HTTP p50 / p95 (registration)', ...cell((r) => `${fmtMs(r.burst.httpP50)} / ${fmtMs(r.burst.httpP95)}`)]);
  rows.push([
    `push p95 to ${opts.watchers} watchers during the burst`,
    ...cell((r) => `${fmtMs(r.burst.push.p95)} (${fmtInt(r.burst.push.delivered)} of ${fmtInt(r.burst.push.expected)} delivered)`),
  ]);
  rows.push([
    "push delay p95 in the pushing process during the burst (its oldest registration's transaction to its send)",
    ...cell((r) =>
      r.burst.serverPush
        ? `${fmtMs(r.burst.serverPush.p95)} (p50 ${fmtMs(r.burst.serverPush.p50)}; ${fmtInt(r.burst.serverPush.pushes)} pushes)`
        : '—',
    ),
  ]);
  const sizes = new Set(shapes.flatMap(([r]) => r.sizes.map((s) => s.n)));
  for (const n of [...sizes].sort((a, b) => a - b)) {
    const at = (r) => r.sizes.find((s) => s.n === n);
    rows.push([
      `push p95 at ${fmtInt(n)} sockets (${opts.changes} changes, ${fmtInt(Math.max(opts.gap, Math.round(n / 10)))} ms apart)`,
      ...cell((r) =>
        at(r)
          ? `${fmtMs(at(r).push.p95)} (${fmtInt(at(r).push.delivered)} of ${fmtInt(at(r).push.expected)}${at(r).push.dropped ? `; ${fmtInt(at(r).push.dropped)} sockets dropped` : ''})`
          : '—',
      ),
    ]);
    rows.push([
      `memory per socket at ${fmtInt(n)}: heap / RSS`,
      ...cell((r) => (at(r) ? `${kb(at(r).heapPerSocket)} / ${kb(at(r).rssPerSocket)}` : '—')),
    ]);
    // Where the RSS growth went: objects the heap keeps (heap used), pages V8 holds without objects on them after the
    // collection (heap total − used: fragmentation the joins' garbage left, young generation pages made resident), and
    // memory outside the V8 heap (native socket handles, malloc).
    const split = (s) => {
      const d = (f) => (f(s.after) - f(s.fresh)) / s.joined;
      return `${kb(d((m) => m.heapUsed))} + ${kb(d((m) => m.heapTotal - m.heapUsed))} + ${kb(d((m) => m.rss - m.heapTotal))}`;
    };
    rows.push([
      `RSS per socket at ${fmtInt(n)}: heap used + heap slack + outside the heap`,
      ...cell((r) => (at(r)?.after && at(r)?.fresh ? split(at(r)) : '—')),
    ]);
    rows.push([
      `realtime process at ${fmtInt(n)}: heap / RSS (fresh → joined)`,
      ...cell((r) =>
        at(r)?.after ? `${mb(at(r).fresh.heapUsed)} → ${mb(at(r).after.heapUsed)} / ${mb(at(r).fresh.rss)} → ${mb(at(r).after.rss)}` : '—',
      ),
    ]);
  }
  const main = shapes.length ? table(['', ...shapes.map(([, name]) => `**${name}**`)], rows, ['---', ...shapes.map(() => '---:')]) : '';
  const m = results.machine;
  const busy =
    m.busyBefore > 25 || m.load[0] > machine.nproc
      ? `**Busy machine:** other work was running (machine ${m.busyBefore.toFixed(0)} % busy just before the run, ` +
        `${m.busyOver.toFixed(0)} % over it with the bench's own processes, load average ${m.load.map((l) => l.toFixed(1)).join(' / ')} on ` +
        `${machine.nproc} cores at the end): the absolute figures are distorted; compare the columns of this run with each other only.`
      : `Quiet machine: ${m.busyBefore.toFixed(0)} % busy just before the run; load average ${m.load.map((l) => l.toFixed(1)).join(' / ')} at the end.`;
  const pinned = results.pinned
    ? `In the split shape the processes were pinned with \`taskset\` (${results.pinned}); PostgreSQL, Redis, HAProxy and the bench's clients were left free.`
    : opts.shapes.includes('split')
      ? 'In the split shape no process was pinned to a core.'
      : '';
  // The adapter and HTTP tables of the last run that measured them, kept when this run skipped them.
  const previous = (() => {
    try {
      const doc = readFileSync(join(ROOT, 'docs/benchmarks.md'), 'utf8');
      const section = doc.slice(doc.indexOf('<!-- bench:scale:start -->'), doc.indexOf('<!-- bench:scale:end -->'));
      const a = section.indexOf('The socket.io adapter, on api');
      const h = section.indexOf('The HTTP adapter: the same compiled API');
      const end = section.indexOf('The bench waits for other');
      const date = /\(kept from the run of ([^:]+):/.exec(section)?.[1] ?? /Measured (\d{4}-\d{2}-\d{2})/.exec(section)?.[1];
      const strip = (text) => text.replace(/^\(kept from[^\n]*\n?/gm, '').trim();
      return {
        adapters: a >= 0 ? strip(section.slice(a, h >= 0 ? h : end)) : '',
        http: h >= 0 ? strip(section.slice(h, end >= 0 ? end : undefined)) : '',
        date,
      };
    } catch {
      return { adapters: '', http: '', date: null };
    }
  })();
  const adapterRows = results.adapters.map((a) => [
    a.adapter === 'pubsub' ? 'Redis pub/sub (`@socket.io/redis-adapter`, in use)' : 'Redis Streams (`@socket.io/redis-streams-adapter`)',
    `${fmtMs(a.push.p50)} / ${fmtMs(a.push.p95)}`,
    `${fmtInt(a.push.delivered)} of ${fmtInt(a.push.expected)}`,
    `${a.acknowledged} of ${a.attempted}`,
    `${fmtInt(a.across.complete)} of ${fmtInt(a.joined)}`,
    `${fmtInt(a.across.resynced)} (${fmtInt(a.across.resyncedIncomplete)} of them missing changes)`,
    fmtInt(a.joined - a.across.complete - a.across.resyncedIncomplete),
    fmtInt(a.across.duplicates),
  ]);
  const adapters = adapterRows.length
    ? table(
        [
          'adapter (api × 1 + realtime × 2)',
          'push p50 / p95',
          'delivered',
          'changes acknowledged across the restart',
          'screens with every change',
          'screens told to resync',
          'screens missing a change, not told',
          'duplicates',
        ],
        adapterRows,
        ['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:'],
      )
    : '';
  const express = results.http.find((h) => h.kind === 'express');
  const httpTable = results.http.length
    ? table(
        ['HTTP adapter (same API, ROLES=api, no middleware)', 'registrations/s', 'HTTP p50 / p95', 'accepted', 'vs Express'],
        results.http.map((h) => [
          h.kind === 'express' ? 'Express (`@nestjs/platform-express`, in use)' : 'Fastify (`@nestjs/platform-fastify` 11)',
          fmtInt(h.perSecond),
          `${fmtMs(h.p50)} / ${fmtMs(h.p95)}`,
          `${fmtInt(h.accepted)} of ${fmtInt(h.attempts)}`,
          express ? `${(h.perSecond / express.perSecond).toFixed(2)}×` : '—',
        ]),
        ['---', '---:', '---:', '---:', '---:'],
      )
    : '';
  console.log(`\n${main}\n\n${adapters}\n\n${httpTable}\n`);
  console.log(busy);
  if (!opts.write) return;
  const kept = (what) => `(kept from the run of ${previous.date ?? 'an earlier day'}: this run skipped ${what})`;
  const body = [
    '## Scale: one process against api × 2 + realtime × 1 behind HAProxy (`npm run bench:scale`)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine.nproc} cores (${machine.model}), ${machine.memGb} GB RAM, Node ${machine.node}; flags \`${process.argv.slice(2).join(' ') || '(defaults)'}\`. ${opts.base ? 'Each shape ran the baseline build, then this one, in' : 'Both shapes run in'} one run on`,
    'the same machine, database server and Redis. The burst: ' +
      `${opts.clients} registrations always in flight on one event until ${fmtInt(opts.attempts)}, with ${opts.watchers} staff sockets watching its board;`,
    "push latency is from each acknowledged response to each socket. Memory is the realtime process's (the single process in the",
    'first shape) after a forced garbage collection: the sockets join first, on the fresh process, and the growth from that fresh',
    'process to the sockets joined is divided by the sockets (at 10,000 too, measured after the 5,000 left). Sockets are raw',
    'WebSocket socket.io clients in separate processes; in the split shape the biggest count connects to the realtime process directly.',
    "The RSS growth per socket is split three ways: what the heap's objects take (heap used), the pages V8 keeps without objects",
    "after the collection (heap total − used: the joins' garbage left holes, young-generation pages became resident; V8 gives",
    'them back once the process idles), and what lies outside the V8 heap (RSS − heap total: native socket handles, malloc,',
    'and committed heap pages that became resident).',
    pinned,
    '',
    busy,
    '',
    main,
    '',
    ...(adapterRows.length
      ? [
          'The socket.io adapter, on api × 1 + realtime × 2 (the adapter carries every push between the two), with a Redis of its own',
          `(AOF on) stopped after a third of ${opts.changes} changes and started again after two thirds:`,
          '',
          adapters,
        ]
      : previous.adapters
        ? [previous.adapters, '', kept('the adapters')]
        : []),
    '',
    ...(results.http.length
      ? [
          'The HTTP adapter: the same compiled API (`ROLES=api`, same modules, input pipe and error filter, none of the Express',
          `middleware) on Express and on Fastify (\`bench/baselines/http-adapters.cjs\`), the burst alone (${opts.clients} in flight):`,
          '',
          httpTable,
        ]
      : previous.http
        ? [previous.http, '', kept('the HTTP adapters')]
        : []),
    '',
    'The bench waits for other `bench/` scripts, not for other work (it says above whether the machine was busy); compare figures only within one run.',
  ].join('\n');
  writeBenchSection('scale', body);
}

if (process.argv.includes('--holder')) holderMain();
else if (process.argv.includes('--load')) await loadMain();
else await orchestratorMain();
