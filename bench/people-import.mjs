#!/usr/bin/env node
// CSV import of people, end to end, against a plain COPY and row-by-row inserts, in one run (npm run bench:import).
//
// One file of the largest size the spec allows (just under 10 MB: ~170k rows of believable Mexican names and
// phones, 5 % exact duplicates of earlier rows, generated with a fixed-seed PRNG) is imported through the real
// API and workers: POST /api/personas/import-csv → job → `import.progress` push with status `completed`.
// In the same run and on the same table `personas`: a plain COPY of the same rows, already normalized (what the
// import writes: the physical limit), and row-by-row INSERT … ON CONFLICT DO NOTHING from one client (bounded: if
// the first 20k rows project to more than 60 s, the rest is extrapolated, and the report says so). Then the API's
// latency on GET /api/personas?page=N (closed loop, 4 concurrent, random pages) idle and while the same import
// runs on top of a table that already holds a different 10 MB file's people.
//
// Everything runs on 127.0.0.1 against a fresh database aforo_bench_imp_<ts> and Redis prefix of the same name,
// both dropped at the end; the API and workers are started and stopped by the script; loops are bounded.
//
// Flags: --runs=3 (imports and COPYs measured, medians reported) --port=3297 --conc=4 --load-s=3 --pages=100
// --rbr-limit-s=60 --build (rebuild the server first) --no-write (leave docs/benchmarks.md alone)
// --wait-others=900 (seconds to wait for other bench/ scripts to finish) --profile (CPU-profile the workers
// during the first import; the .cpuprofile is left in the OS temp dir) --keep (keep the database, for debugging).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import {
  createBenchEnv,
  fmtInt,
  fmtMs,
  fmtS,
  forkChild,
  httpRequest,
  log,
  machineBusyMs,
  machineInfo,
  machineStealMs,
  median,
  now,
  otherBenches,
  pct,
  readFlags,
  ROOT,
  serve,
  table,
  waitForOtherBenches,
  writeBenchSection,
} from './lib.mjs';
import { generateCsv, mulberry32 } from './people-csv.mjs';

const SELF = fileURLToPath(import.meta.url);
const require = createRequire(import.meta.url);
const MAX_BYTES = 10 * 1024 * 1024;

// ───────────────────────────────────────── helpers ─────────────────────────────────────────

/** Percentiles of [value, weight] pairs. */
function weightedStats(pairs) {
  const sorted = [...pairs].sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((sum, [, w]) => sum + w, 0);
  const at = (p) => {
    let acc = 0;
    for (const [v, w] of sorted) {
      acc += w;
      if (acc >= (p / 100) * total - 1e-9) return v;
    }
    return sorted.at(-1)?.[0] ?? NaN;
  };
  return { n: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1)?.[0] ?? NaN };
}
// ───────────────────────────────────────── the CSV ─────────────────────────────────────────
// The generated file lives in people-csv.mjs (the CSV parsers benchmark reads the same one).

/** One CSV row as the import stores it (nombre … dedupe_key), with the project's rules; null for an invalid row. */
function normalizeRow(rules, rawName, rawPhone) {
  const name = rules.splitFullName(rawName);
  const phone = rules.normalizePhone(rawPhone);
  if (!name.nombre || !phone) return null;
  return [
    name.nombre,
    name.apellido_paterno,
    name.apellido_materno,
    phone,
    rules.searchText({ ...name, telefono_celular: phone }),
    rules.sortKey(name),
    rules.dedupeKey(name.nombre, name.apellido_paterno, name.apellido_materno, phone),
  ];
}

/**
 * What the import writes for these rows, with the project's own rules (dist/…/persona-rules.js): valid rows,
 * in-file duplicates left out (`skip` holds keys already in the table), in COPY text format.
 */
function normalizeRows(raw, rules, skip = new Set()) {
  const seen = new Set();
  const distinct = [];
  let valid = 0;
  let errors = 0;
  let inDb = 0;
  for (const [rawName, rawPhone] of raw) {
    const row = normalizeRow(rules, rawName, rawPhone);
    if (!row) {
      errors += 1;
      continue;
    }
    valid += 1;
    const key = row[6];
    if (seen.has(key)) continue;
    seen.add(key);
    if (skip.has(key)) {
      inDb += 1;
      continue;
    }
    distinct.push([...row, 'red']);
  }
  return { distinct, valid, errors, inDb, keys: seen };
}

const COPY_COLUMNS = 'nombre, apellido_paterno, apellido_materno, telefono_celular, search_text, sort_key, dedupe_key, completeness_level';
const copyText = (rows) =>
  `${rows.map((r) => r.map((v) => v.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c])).join('\t')).join('\n')}\n`;

// ───────────────────────────────────────── load client ─────────────────────────────────────────

/** Forked with --load: a closed loop of `conc` clients on GET /api/personas?page=N, timed per request. */
async function loadMain() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let running = false;
  let loops = [];
  let samples = [];
  let errors = 0;
  serve({
    start({ url, token, conc, pages, seed, maxS }) {
      running = true;
      samples = [];
      errors = 0;
      const deadline = now() + maxS * 1000;
      loops = Array.from({ length: conc }, async (_, k) => {
        const rand = mulberry32(seed + k);
        while (running && now() < deadline) {
          const page = 1 + Math.floor(rand() * pages);
          const t0 = now();
          try {
            const res = await httpRequest(agent, 'GET', `${url}/api/personas?page=${page}`, {
              headers: { authorization: `Bearer ${token}` },
              timeoutMs: 30_000,
            });
            const t1 = now();
            if (res.status === 200) samples.push(t0, t1 - t0);
            else errors += 1;
          } catch {
            errors += 1;
            await sleep(50);
          }
        }
      });
      return { started: true };
    },
    async stop() {
      running = false;
      await Promise.all(loops);
      return { samples, errors };
    },
  });
}

// ───────────────────────────────────────── machine ─────────────────────────────────────────

/** utime+stime (ms) of a pid, from /proc; with `children`, also that of its children it has waited for. */
function cpuOf(pid, tick, children = false) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(f[11]) + Number(f[12]);
    return ((children ? own + Number(f[13]) + Number(f[14]) : own) * 1000) / tick;
  } catch {
    return 0;
  }
}
/**
 * Every `postgres` process, and the backends that have exited (psql's COPY session): the postmaster reaps
 * them, so their time is in its children's counters.
 */
function postgresCpu(tick) {
  let sum = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === 'postgres') sum += cpuOf(d, tick, true);
    } catch {
      /* gone */
    }
  }
  return sum;
}

// ───────────────────────────────────────── orchestrator ─────────────────────────────────────────

function parseFlags(argv) {
  const { flags, int } = readFlags(argv);
  return {
    runs: int('runs', 3, 1, 10),
    port: int('port', 3297, 1024, 65535),
    conc: int('conc', 4, 1, 64),
    loadS: int('load-s', 3, 1, 60),
    pages: int('pages', 100, 1, 10_000),
    base: int('base', 10_000, 0, 200_000),
    rows: int('rows', 0, 0, 1_000_000),
    rbrLimitS: int('rbr-limit-s', 60, 5, 600),
    waitOthersS: int('wait-others', 900, 0, 3600),
    build: flags.build === true,
    write: flags['no-write'] !== true,
    profile: flags.profile === true,
    keep: flags.keep === true,
  };
}

async function orchestratorMain() {
  const opts = parseFlags(process.argv.slice(2));
  const { io } = await import('socket.io-client');
  const bench = await createBenchEnv({
    prefix: 'aforo_bench_imp_',
    port: opts.port,
    baseEnv: { PATH: process.env.PATH, HOME: process.env.HOME },
    adminUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl: 'redis://127.0.0.1:6379',
    keep: opts.keep,
    stopWaitMs: 8000,
  });
  const { pg, runId, dbUrl, baseUrl, tick } = bench;
  const tmp = join(os.tmpdir(), `aforo-bench-imp-${runId}`);
  let db = null;
  let socket = null;
  bench.onCleanup(() => socket?.disconnect());
  bench.onCleanup(() => db?.end());
  bench.onCleanup(() => rmSync(tmp, { recursive: true, force: true }));
  bench.armWatchdog(40);

  const load = forkChild(SELF, ['--load'], { name: 'load', track: bench.track });
  const loadCall = ({ cmd, ...args }) => load.call(cmd, args, 330_000);

  const machine = machineInfo();
  const results = { runs: [], copies: [], halves: [] };
  await bench.run(async () => {
    // ── Wait for other benchmarks: their load would distort these figures (and ours theirs). ──
    const others = await waitForOtherBenches({ seconds: opts.waitOthersS });
    if (others.length) results.othersRunning = others.map((o) => o.script);

    bench.build({ force: opts.build });
    const rules = require(join(ROOT, 'dist/api/src/shared/rules/persona-rules.js'));

    // ── The files ──
    let t0 = now();
    const fileA = generateCsv(20260417, MAX_BYTES, opts.rows || Infinity);
    const normA = normalizeRows(fileA.raw, rules);
    // The people already stored for the latency phase: `--base` others (none of them in file A).
    const fileB = generateCsv(19610521, Math.max(4096, opts.base * 70));
    const baseRows = normalizeRows(fileB.raw, rules, normA.keys).distinct.slice(0, opts.base);
    if (baseRows.length < opts.base) throw new Error(`only ${baseRows.length} base people generated`);
    const baseKeys = new Set(baseRows.map((r) => r[6]));
    const importedOnBase = normA.distinct.filter((r) => !baseKeys.has(r[6])).length;
    const rowsTotal = fileA.raw.length;
    log(
      `file: ${fmtInt(fileA.buffer.length)} bytes, ${fmtInt(rowsTotal)} rows, ${fmtInt(normA.distinct.length)} distinct people ` +
        `(${fmtInt(rowsTotal - normA.distinct.length - normA.errors)} in-file duplicates, ${normA.errors} bad rows); generated in ${fmtMs(now() - t0)}`,
    );
    mkdirSync(tmp, { recursive: true });
    const copyFileA = join(tmp, 'a.copy');
    const copyFileB = join(tmp, 'base.copy');
    writeFileSync(copyFileA, copyText(normA.distinct));
    writeFileSync(copyFileB, copyText(baseRows));
    // The same rows in two halves, for two COPYs at once (as the import's two writers do).
    const halfFiles = [0, 1].map((h) => {
      const file = join(tmp, `a-h${h}.copy`);
      const mid = Math.round(normA.distinct.length / 2);
      writeFileSync(file, copyText(h === 0 ? normA.distinct.slice(0, mid) : normA.distinct.slice(mid)));
      return file;
    });
    // File A's people in file order, in quarters: the table sizes the import goes through (latency phase).
    const quarterFiles = [1, 2, 3, 4].map((q) => {
      const file = join(tmp, `a-q${q}.copy`);
      const from = Math.round(((q - 1) * normA.distinct.length) / 4);
      const to = Math.round((q * normA.distinct.length) / 4);
      writeFileSync(file, copyText(normA.distinct.slice(from, to)));
      return file;
    });

    // ── Database, Redis, servers ──
    await bench.createDatabase();
    bench.migrate();
    db = new pg.Client({ connectionString: dbUrl.toString() });
    await db.connect();
    const pgVersion = (await db.query('SHOW server_version')).rows[0].server_version;

    const profDir = join(tmp, 'prof');
    const { api, workers, token } = await bench.startServers({
      workersArgs: opts.profile ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
    });
    const auth = { authorization: `Bearer ${token}` };

    // Completion and progress arrive as `import.progress` pushes in the personas room.
    const pushes = new Map(); // import_id → [{ t, status, progress }]
    const waiters = new Map();
    socket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: true });
    await new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error('socket did not connect')), 10_000);
      socket.on('connect', () => {
        socket.emit('room:join', 'personas', (ack) => {
          clearTimeout(timer);
          if (ack?.ok) done();
          else fail(new Error(`room:join refused: ${JSON.stringify(ack)}`));
        });
      });
    });
    socket.on('import.progress', (msg) => {
      const t = now();
      const imp = msg?.data?.import;
      if (!imp) return;
      if (!pushes.has(imp.import_id)) pushes.set(imp.import_id, []);
      pushes.get(imp.import_id).push({ t, status: imp.status, progress: imp.progress, imported: imp.imported });
      if (imp.status === 'completed' || imp.status === 'failed') waiters.get(imp.import_id)?.({ t, imp });
    });

    const boundary = `----aforobench${randomBytes(8).toString('hex')}`;
    const multipart = (buf, name) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`),
        buf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const bodyA = multipart(fileA.buffer, 'personas-10mb.csv');

    /** One import through the API: upload sent → `completed` push; with the job's own timestamps. */
    async function runImport(body, label) {
      const sent = now();
      const res = await bench.request('POST', '/api/personas/import-csv', {
        headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
        timeoutMs: 60_000,
      });
      const accepted = now();
      if (res.status !== 202) throw new Error(`${label}: upload answered ${res.status} ${res.text.slice(0, 300)}`);
      const { import_id: id } = JSON.parse(res.text);
      const done = await new Promise((ok, fail) => {
        const early = pushes.get(id)?.find((p) => p.status === 'completed' || p.status === 'failed');
        if (early) return ok({ t: early.t, imp: { status: early.status } });
        const timer = setTimeout(() => fail(new Error(`${label}: not completed within 180 s`)), 180_000);
        waiters.set(id, (v) => {
          clearTimeout(timer);
          ok(v);
        });
      });
      waiters.delete(id);
      const final = JSON.parse((await bench.request('GET', `/api/personas/import-csv/${id}`, { headers: auth })).text);
      if (final.status !== 'completed') throw new Error(`${label}: import ended ${final.status}: ${final.message}`);
      const [ts] = (
        await db.query(
          `SELECT extract(epoch FROM created_at) * 1000 AS created, extract(epoch FROM started_at) * 1000 AS started,
                  extract(epoch FROM finished_at) * 1000 AS finished FROM persona_imports WHERE id = $1`,
          [id],
        )
      ).rows;
      const processing = (pushes.get(id) ?? []).filter((p) => p.status === 'processing');
      const progress = processing.map((p) => p.progress);
      const progressPoints = processing.map((p) => [p.t, p.imported]);
      return {
        id,
        e2e: done.t - sent,
        upload: accepted - sent,
        queued: Number(ts.started) - accepted,
        job: Number(ts.finished) - Number(ts.started),
        final,
        progressPushes: progress.length,
        progressValues: progress,
        progressPoints,
        sent,
        doneAt: done.t,
      };
    }

    async function copyRows(file) {
      const started = now();
      const r = spawnSync('psql', [dbUrl.toString(), '-v', 'ON_ERROR_STOP=1', '-qc', `\\copy personas (${COPY_COLUMNS}) FROM '${file}'`], {
        encoding: 'utf8',
      });
      const ms = now() - started;
      if (r.status !== 0) throw new Error(`COPY failed: ${r.stderr}`);
      return ms;
    }
    /** The halves copied at once by two psql processes (two connections); ms until both are done. */
    async function copyHalves(files) {
      const started = now();
      await Promise.all(
        files.map(
          (file) =>
            new Promise((done, fail) => {
              const child = spawn(
                'psql',
                [dbUrl.toString(), '-v', 'ON_ERROR_STOP=1', '-qc', `\\copy personas (${COPY_COLUMNS}) FROM '${file}'`],
                {
                  stdio: ['ignore', 'ignore', 'pipe'],
                },
              );
              let err = '';
              child.stderr.on('data', (d) => (err += d));
              child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`COPY failed: ${err}`))));
            }),
        ),
      );
      return now() - started;
    }
    const fresh = async () => {
      await db.query('TRUNCATE personas RESTART IDENTITY');
      await db.query('CHECKPOINT');
    };
    const count = async () => Number((await db.query('SELECT count(*)::int AS n FROM personas')).rows[0].n);
    const cpuSnap = () => ({ api: cpuOf(api.pid, tick), workers: cpuOf(workers.pid, tick), pg: postgresCpu(tick), t: now() });
    // What else ran on the machine in each phase: CPU not used by this bench's processes nor by PostgreSQL,
    // and any other bench/ script seen (checked every 2 s).
    const phases = [];
    let current = null;
    const machineSnap = () => ({
      t: now(),
      busy: machineBusyMs(tick),
      steal: machineStealMs(tick),
      ours: [process.pid, api.pid, workers.pid, load.child.pid].reduce((sum, pid) => sum + cpuOf(pid, tick, pid === process.pid), 0),
      pg: postgresCpu(tick),
    });
    function phase(name) {
      if (current) {
        const end = machineSnap();
        const d = (k) => end[k] - current.start[k];
        current.foreignPct = (100 * Math.max(0, d('busy') - d('ours') - d('pg'))) / (d('t') * machine.nproc);
        current.stealPct = (100 * Math.max(0, d('steal'))) / (d('t') * machine.nproc);
        phases.push(current);
      }
      current = name ? { name, start: machineSnap(), others: new Set() } : null;
    }
    const watcher = setInterval(() => {
      if (current) for (const o of otherBenches()) current.others.add(o.script);
    }, 2000);
    watcher.unref();
    results.phases = phases;
    const cpuDelta = (a, b) => ({ api: b.api - a.api, workers: b.workers - a.workers, pg: b.pg - a.pg, wall: b.t - a.t });

    // Warm-up: one small import (connections, JIT), not measured.
    {
      const small = generateCsv(7, 64 * 1024);
      await fresh();
      await runImport(multipart(small.buffer, 'warmup.csv'), 'warm-up');
    }

    // ── Phase A: the import, then the plain COPY of the same rows, on an empty table, runs × ──
    phase('imports and COPY');
    const expected = {
      imported: normA.distinct.length,
      skipped: normA.valid - normA.distinct.length,
      total: rowsTotal,
      errors: normA.errors,
    };
    for (let run = 1; run <= opts.runs; run += 1) {
      await fresh();
      const c0 = cpuSnap();
      const r = await runImport(bodyA, `import ${run}`);
      r.cpu = cpuDelta(c0, cpuSnap());
      const n = await count();
      const dups = (await db.query('SELECT count(*)::int AS n FROM (SELECT dedupe_key FROM personas GROUP BY 1 HAVING count(*) > 1) d'))
        .rows[0].n;
      r.ok =
        r.final.imported === expected.imported &&
        r.final.skipped === expected.skipped &&
        r.final.total === expected.total &&
        r.final.errors_count === expected.errors &&
        n === expected.imported &&
        dups === 0;
      if (!r.ok)
        log(
          `import ${run}: counts differ from the expected ${JSON.stringify(expected)}: ${JSON.stringify({ ...r.final, errors: undefined, rows: n, dups })}`,
        );
      results.runs.push(r);
      log(
        `import ${run}: ${fmtS(r.e2e)} end to end (upload ${fmtMs(r.upload)}, queue ${fmtMs(r.queued)}, job ${fmtMs(r.job)}), ` +
          `${r.final.imported} imported, ${r.final.skipped} skipped, ${r.progressPushes} progress pushes; ` +
          `CPU workers ${fmtMs(r.cpu.workers)}, postgres ${fmtMs(r.cpu.pg)}, api ${fmtMs(r.cpu.api)}`,
      );
      if (opts.profile && run === 1) log('(profiling the workers: this run is slower than the others)');

      await fresh();
      const c1 = cpuSnap();
      const ms = await copyRows(copyFileA);
      const cpu = cpuDelta(c1, cpuSnap());
      const copied = await count();
      if (copied !== expected.imported) throw new Error(`COPY wrote ${copied} rows, expected ${expected.imported}`);
      results.copies.push({ ms, cpu });
      log(`COPY ${run}: ${fmtS(ms)} for ${fmtInt(copied)} rows; CPU postgres ${fmtMs(cpu.pg)}`);

      await fresh();
      const c2 = cpuSnap();
      const halvesMs = await copyHalves(halfFiles);
      const halvesCpu = cpuDelta(c2, cpuSnap());
      if ((await count()) !== expected.imported) throw new Error('The two COPYs did not write every row');
      results.halves.push({ ms: halvesMs, cpu: halvesCpu });
      log(`COPY in two halves at once ${run}: ${fmtS(halvesMs)}; CPU postgres ${fmtMs(halvesCpu.pg)}`);
    }

    // ── Phase B: API latency idle and during the same import, on a table that already holds other people ──
    const loadStats = (samples, from = -Infinity, to = Infinity) => {
      const lat = [];
      for (let i = 0; i < samples.length; i += 2) if (samples[i] >= from && samples[i] + samples[i + 1] <= to) lat.push(samples[i + 1]);
      lat.sort((a, b) => a - b);
      const span = (Number.isFinite(to) ? to : samples.at(-2) + samples.at(-1)) - (Number.isFinite(from) ? from : samples[0]);
      return {
        n: lat.length,
        p50: pct(lat, 50),
        p95: pct(lat, 95),
        p99: pct(lat, 99),
        max: lat.at(-1),
        rps: (lat.length * 1000) / span,
        latencies: lat,
      };
    };
    const loadMsg = { url: baseUrl, token, conc: opts.conc, pages: opts.pages, seed: 99 };
    async function idleLoad() {
      await loadCall({ cmd: 'start', ...loadMsg, maxS: opts.loadS + 5 });
      const c0 = cpuSnap();
      await sleep(opts.loadS * 1000);
      const { samples, errors } = await loadCall({ cmd: 'stop' });
      return { ...loadStats(samples), errors, cpu: cpuDelta(c0, cpuSnap()) };
    }
    async function autovacuumQuiet() {
      for (let i = 0; i < 120; i += 1) {
        const { rows } = await db.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'autovacuum worker'`,
        );
        if (rows[0].n === 0) return i * 250;
        await sleep(250);
      }
      return 30_000;
    }
    const setBase = async () => {
      await fresh();
      if (opts.base > 0) await copyRows(copyFileB);
      await db.query('VACUUM ANALYZE personas');
      await db.query('CHECKPOINT');
    };
    phase('API latency');
    // Idle at the table sizes the import goes through: the stored people, then file A's people added a
    // quarter at a time (fresh rows, as the import leaves them). Each page request counts the whole table,
    // so the list is slower on a bigger table whatever the load: the import is compared with these.
    await setBase();
    const sweep = [];
    for (let q = 0; q <= 4; q += 1) {
      if (q > 0) await copyRows(quarterFiles[q - 1]);
      const rowsNow = await count();
      const stats = await idleLoad();
      sweep.push({ q, rows: rowsNow, ...stats });
      log(`API idle, ${fmtInt(rowsNow)} people: p50 ${fmtMs(stats.p50)}, p99 ${fmtMs(stats.p99)}, ${stats.rps.toFixed(0)} req/s`);
    }

    await setBase();
    await loadCall({ cmd: 'start', ...loadMsg, maxS: 300 });
    await sleep(300);
    const c0 = cpuSnap();
    const during = await runImport(bodyA, 'import under load');
    during.cpu = cpuDelta(c0, cpuSnap());
    const { samples, errors } = await loadCall({ cmd: 'stop' });
    const duringStats = { ...loadStats(samples, during.sent, during.doneAt), errors };
    const expectedB = { imported: importedOnBase, skipped: normA.valid - importedOnBase };
    const okB = during.final.imported === expectedB.imported && during.final.skipped === expectedB.skipped;
    if (!okB)
      log(
        `import under load: counts differ from the expected ${JSON.stringify(expectedB)}: ${during.final.imported}/${during.final.skipped}`,
      );

    // Each request during the import, matched with the idle sweep at the nearest quarter of the import's
    // rows written by the middle of the request (from the progress pushes), weighted like the import's requests.
    const written = [[during.sent, 0], ...during.progressPoints, [during.doneAt, during.final.imported]];
    const writtenAt = (t) => {
      for (let i = 1; i < written.length; i += 1) {
        const [t1, w1] = written[i];
        if (t <= t1) {
          const [t0, w0] = written[i - 1];
          return t1 > t0 ? w0 + ((w1 - w0) * (t - t0)) / (t1 - t0) : w1;
        }
      }
      return during.final.imported;
    };
    const perQuarter = [0, 0, 0, 0, 0];
    for (let i = 0; i < samples.length; i += 2) {
      if (samples[i] < during.sent || samples[i] + samples[i + 1] > during.doneAt) continue;
      const w = writtenAt(samples[i] + samples[i + 1] / 2);
      perQuarter[Math.min(4, Math.max(0, Math.round((4 * w) / Math.max(1, during.final.imported))))] += 1;
    }
    const pool = [];
    sweep.forEach((sw, q) => {
      if (perQuarter[q] && sw.latencies.length) for (const l of sw.latencies) pool.push([l, perQuarter[q] / sw.latencies.length]);
    });
    const matched = weightedStats(pool);
    log(
      `API during the import (${fmtS(during.e2e)} end to end): p50 ${fmtMs(duringStats.p50)}, p99 ${fmtMs(duringStats.p99)}, ` +
        `${duringStats.rps.toFixed(0)} req/s; idle at the same table sizes: p50 ${fmtMs(matched.p50)}, p99 ${fmtMs(matched.p99)} ` +
        `(requests per quarter of the import ${perQuarter.join('/')})`,
    );
    const vacuumWait = await autovacuumQuiet();
    const afterRows = await count();
    const idleAfter = await idleLoad();
    log(
      `API idle after (${fmtInt(afterRows)} people; waited ${fmtMs(vacuumWait)} for autovacuum): p50 ${fmtMs(idleAfter.p50)}, p99 ${fmtMs(idleAfter.p99)}`,
    );

    // ── Row by row: one INSERT … ON CONFLICT DO NOTHING per valid row, one client, autocommit ──
    {
      phase('row by row');
      await fresh();
      const rows = fileA.raw.map(([rawName, rawPhone]) => normalizeRow(rules, rawName, rawPhone)).filter(Boolean);
      const sql = `INSERT INTO personas (${COPY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, 'red')
                   ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING`;
      const probe = 20_000;
      const started = now();
      let done = 0;
      let extrapolated = false;
      for (const row of rows) {
        await db.query({ name: 'rbr', text: sql, values: row });
        done += 1;
        if (done === probe && ((now() - started) * rows.length) / probe > opts.rbrLimitS * 1000) {
          extrapolated = true;
          break;
        }
      }
      const ms = now() - started;
      results.rbr = { ms: extrapolated ? (ms * rows.length) / done : ms, measuredMs: ms, done, of: rows.length, extrapolated };
      log(
        `row by row: ${fmtInt(done)} of ${fmtInt(rows.length)} rows in ${fmtS(ms)}` +
          (extrapolated ? ` → ${fmtS(results.rbr.ms)} for all (extrapolated)` : ''),
      );
    }

    phase(null);

    let profileNote = null;
    if (opts.profile) {
      await bench.stopServers([workers]);
      const files = existsSync(profDir) ? readdirSync(profDir) : [];
      if (files[0]) {
        const keepAt = join(os.tmpdir(), `aforo-bench-imp-workers-${runId}.cpuprofile`);
        writeFileSync(keepAt, readFileSync(join(profDir, files[0])));
        profileNote = keepAt;
        log(`workers CPU profile: ${keepAt}`);
      }
    }

    Object.assign(results, { sweep, during, duringStats, matched, perQuarter, idleAfter, afterRows, vacuumWait, okB, expected, pgVersion });
    const out = report({ opts, machine, fileA, results, date: new Date(), profileNote });
    console.log(`\n${out.stdout}`);
    if (opts.write) writeBenchSection('people-import', out.markdown);
  });
}

function report({ opts, machine, fileA, results, date, profileNote }) {
  const { runs, copies, halves, rbr, sweep, during, duringStats, matched, perQuarter, idleAfter, afterRows, expected } = results;
  const rows = fileA.raw.length;
  const e2e = median(runs.map((r) => r.e2e));
  const copy = median(copies.map((c) => c.ms));
  const job = median(runs.map((r) => r.job));
  const ratio = e2e / copy;
  const p99Up = duringStats.p99 / matched.p99 - 1;
  const pctUp = (x) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(0)} %`;
  const mb = (fileA.buffer.length / 1024 / 1024).toFixed(2);
  const v = (ok) => (ok ? '**met**' : '**missed**');
  const verdicts = [
    ['≤ 2 s end to end', fmtS(e2e), v(e2e <= 2000)],
    ['within 3× of the plain COPY', `${ratio.toFixed(2)}×`, v(ratio <= 3)],
    [
      'API p99 up ≤ 20 % while the import runs',
      `${fmtMs(duringStats.p99)} vs ${fmtMs(matched.p99)} idle at the same table sizes: ${pctUp(p99Up)}`,
      v(p99Up <= 0.2),
    ],
  ];
  const mainTable = table(
    ['way into `personas`', 'seconds', 'rows/s (file rows)', 'vs COPY'],
    [
      [
        `import through the API and the job (upload sent → \`completed\` push), median of ${runs.length}`,
        fmtS(e2e),
        fmtInt((rows * 1000) / e2e),
        `${ratio.toFixed(2)}×`,
      ],
      ['  of which the job (`started_at` → `finished_at`)', fmtS(job), fmtInt((rows * 1000) / job), `${(job / copy).toFixed(2)}×`],
      [
        `plain COPY of the ${fmtInt(expected.imported)} normalized rows (psql \\copy), median of ${copies.length}`,
        fmtS(copy),
        fmtInt((rows * 1000) / copy),
        '1.00×',
      ],
      [
        '  the same rows in two halves, two COPYs at once (two connections, as the import writes), median',
        fmtS(median(halves.map((c) => c.ms))),
        fmtInt((rows * 1000) / median(halves.map((c) => c.ms))),
        `${(median(halves.map((c) => c.ms)) / copy).toFixed(2)}×`,
      ],
      [
        `row-by-row INSERT … ON CONFLICT DO NOTHING, one client${rbr.extrapolated ? ` (first ${fmtInt(rbr.done)} rows measured, the rest extrapolated)` : ''}`,
        fmtS(rbr.ms),
        fmtInt((rows * 1000) / rbr.ms),
        `${(rbr.ms / copy).toFixed(1)}×`,
      ],
    ],
  );
  const runTable = table(
    [
      'run',
      'end to end',
      'upload → 202',
      '202 → job start',
      'job',
      'rest',
      'CPU workers',
      'CPU postgres',
      'CPU API',
      'COPY',
      'COPY CPU postgres',
      '2 COPYs at once',
      'counts',
    ],
    runs.map((r, i) => [
      String(i + 1),
      fmtS(r.e2e),
      fmtMs(r.upload),
      fmtMs(r.queued),
      fmtMs(r.job),
      fmtMs(r.e2e - r.upload - r.queued - r.job),
      fmtMs(r.cpu.workers),
      fmtMs(r.cpu.pg),
      fmtMs(r.cpu.api),
      fmtS(copies[i].ms),
      fmtMs(copies[i].cpu.pg),
      fmtS(halves[i].ms),
      r.ok ? 'exact' : 'WRONG',
    ]),
  );
  const latRow = (label, s) => [
    label,
    fmtInt(s.n),
    Number.isFinite(s.rps) ? s.rps.toFixed(0) : '—',
    fmtMs(s.p50),
    fmtMs(s.p95),
    fmtMs(s.p99),
    fmtMs(s.max),
  ];
  const latTable = table(
    ['GET /api/personas?page=N, 4 clients', 'requests', 'req/s', 'p50', 'p95', 'p99', 'max'],
    [
      ...sweep.map((s) => latRow(`idle, ${fmtInt(s.rows)} people${s.q ? ` (+${s.q}/4 of the file)` : ' (before)'}`, s)),
      latRow(
        `**during the import** (${fmtS(during.e2e)}; the table grows from ${fmtInt(sweep[0].rows)} to ${fmtInt(afterRows)})`,
        duringStats,
      ),
      [
        `**idle at the same table sizes** (the rows above, weighted ${perQuarter.join('/')} like the import's requests)`,
        '',
        '',
        fmtMs(matched.p50),
        fmtMs(matched.p95),
        fmtMs(matched.p99),
        fmtMs(matched.max),
      ],
      latRow(`idle after the import, ${fmtInt(afterRows)} people (autovacuum done)`, idleAfter),
    ],
  );
  const verdictTable = table(['target', 'measured', 'verdict'], verdicts);
  const progress = runs[0].progressValues;
  const facts = [
    `File: ${fmtInt(fileA.buffer.length)} bytes (${mb} MiB; the limit is 10 MiB), ${fmtInt(rows)} rows + header, UTF-8, CRLF; ` +
      `${fmtInt(expected.imported)} distinct people, ${fmtInt(expected.skipped)} exact duplicates of earlier rows (5 %), ${expected.errors} bad rows.`,
    `Progress pushes per import: ${runs.map((r) => r.progressPushes).join(', ')} (run 1: ${progress.join(' → ')}).`,
    `Import under the API load: ${fmtS(during.e2e)} end to end (job ${fmtS(during.job)}), ${fmtInt(during.final.imported)} imported, ` +
      `${fmtInt(during.final.skipped)} skipped (counts ${results.okB ? 'exact' : 'WRONG'}); CPU workers ${fmtMs(during.cpu.workers)}, ` +
      `postgres ${fmtMs(during.cpu.pg)}, API ${fmtMs(during.cpu.api)}. Failed requests: during ${duringStats.errors}, ` +
      `idle ${sweep.reduce((s, x) => s + x.errors, 0) + idleAfter.errors}.`,
    `Other work on the machine, as % of all cores (CPU used neither by this bench's processes nor by PostgreSQL, steal time of the virtual machine included): ` +
      results.phases
        .map((ph) => `${ph.name} ${ph.foreignPct.toFixed(0)} % (of which stolen by the hypervisor ${ph.stealPct.toFixed(0)} %)`)
        .join(', ') +
      '.' +
      (results.phases.some((ph) => ph.others.size)
        ? ` Other benchmark scripts ran meanwhile, so these figures are distorted: ${results.phases
            .filter((ph) => ph.others.size)
            .map((ph) => `${ph.name}: ${[...ph.others].join('; ')}`)
            .join(' / ')}.`
        : ''),
    ...(results.othersRunning
      ? [`Other benchmarks were running when this run started (figures distorted): ${results.othersRunning.join('; ')}`]
      : []),
    ...(profileNote ? [`Workers CPU profile (first import, profiler on): ${profileNote}`] : []),
  ];
  const when = date.toISOString().replace(/\.\d+Z$/, 'Z');
  const machineLine =
    `${machine.nproc} cores (${machine.model}), ${machine.memGb} GB RAM, Node ${machine.node}, PostgreSQL ${results.pgVersion}; ` +
    'API, workers, PostgreSQL, Redis and the bench all on this one machine';
  const markdown = [
    '## CSV import of people: the 10 MB file against a plain COPY and row-by-row inserts (issue 4 §5)',
    '',
    'What is measured, in one run: a generated CSV of the largest size the spec allows, shaped like the issue’s “10 MB, about',
    '170k rows, 5 % duplicates” (~62 bytes a row): just under 10 MiB of `nombre,contacto,correo` rows — Mexican full names',
    'with one or two given names and two surnames (particles like DE LA GARZA, accents and Ñ, upper or title case, stray',
    'spaces), phones mostly formatted ("(81) 1234-5678", "81 1234 5678", "+52 81 1234 5678"…), an e-mail on 60 % of the',
    'rows (a column the import ignores), and 5 % exact duplicates of earlier rows. (Until 2026-11-21 the file had only',
    'names and phones, ~43-byte rows: ~241k rows in the same 10 MiB; the figures under “Before” below are for that file.)',
    'It is uploaded to `POST /api/personas/import-csv` and timed until the `import.progress` push with',
    'status `completed` reaches the bench (end to end). Each import run is followed, on the same table, truncated and',
    'checkpointed before each, by a plain `COPY` of the same rows already normalized (what the import writes; psql `\\copy`,',
    'its start-up included): the physical limit; and the same rows in two halves by two `\\copy` at once (two connections, as',
    'the import’s two writers do: the floor for the import’s own writes on this machine). Then row-by-row',
    '`INSERT … ON CONFLICT DO NOTHING` of every valid row from',
    'one client, each its own transaction. Then the API: 4 closed-loop clients on `GET /api/personas?page=N` (random pages',
    `1–${opts.pages}, bearer token) while the same file is imported into a table that already holds ${fmtInt(opts.base)} other people.`,
    'The list may cost more on a bigger table whatever else runs, so the idle figures are taken at the table sizes the',
    'import goes through (the stored people, then the file’s people added a quarter at a time by COPY), and the requests',
    'made during the import are compared with them, each matched to the nearest quarter of the rows the import had written',
    'by then (from its progress pushes).',
    '',
    '```sh',
    'npm run bench:import          # node bench/people-import.mjs --runs=3',
    'node bench/people-import.mjs --runs=1 --no-write   # a quicker look; leaves this file alone',
    '```',
    '',
    'Needs PostgreSQL (`BENCH_DATABASE_URL`, else postgres://postgres@127.0.0.1:5432/postgres), `psql`, and Redis at',
    'redis://127.0.0.1:6379. The script builds the server if `dist/` is missing (or with `--build`), waits for other `bench/`',
    'scripts to finish (up to 15 min), creates and drops its own database `aforo_bench_imp_<timestamp>` and Redis prefix,',
    'starts the API (port 3297) and the workers itself, and stops by itself. Other flags: `--base=10000 --conc=4 --load-s=3',
    '--pages=100 --rbr-limit-s=60 --rows=N (fewer rows) --port=3297 --profile` (CPU profile of the workers, first import).',
    '',
    `Latest run: ${when} — ${machineLine}.`,
    '',
    mainTable,
    '',
    verdictTable,
    '',
    'Per run (upload → 202: the multipart upload, the header check and storing the file; 202 → job start: outbox relay,',
    'BullMQ and the worker taking the job; job: `started_at` → `finished_at`; rest: the final push reaching the bench. CPU is',
    'utime+stime from `/proc` over the import: the workers process, every `postgres` process, the API):',
    '',
    runTable,
    '',
    latTable,
    '',
    ...facts.map((f) => `- ${f}`),
    '',
    'Before (2026-11-21, this machine, same method, the ~241k-row file): first 14.65 s end to end, 3.63× the COPY (csv-parse,',
    "`normalize('NFD')` and regular expressions per row, nothing written while parsing); then 6.02 s end to end, job 5.48 s",
    '(workers CPU 2.9 s, PostgreSQL CPU 5 s), COPY 3.64 s, and API p99 +7..+37 % during the import (each page request counted',
    'the whole table). Then (2026-11-22, this file) 3.05 s median, job 2.84 s, workers CPU 1.5–2.0 s, PostgreSQL CPU 3.4–3.9 s',
    'per import, after: the upload check decodes only the head of the file; the stored file is kept uncompressed and read',
    'back as raw bytes (binary COPY, not hex); the people rules run in one pass per row; each batch of 5,000 goes as a plain',
    'COPY (INSERT … ON CONFLICT only for a batch holding people already stored), on two connections side by side while the',
    'file is parsed, with `imported` counted in the batch’s own transaction; partial completeness, sector and empresa',
    'indexes; the list’s total and the stat cards read a count row kept exact by statement triggers; the workers at nice 10,',
    'writing one batch at a time with pauses while the API answers requests. Since then: the five catalogue foreign keys',
    '(five checks queued per person written, even with every reference empty, as for every imported person) became row',
    'triggers that only fire for a person with a reference, with the same guarantees (the value locked FOR KEY SHARE, ON',
    'DELETE SET NULL, error 23503): PostgreSQL CPU for the 160k rows 3.7 s → 2.7 s on one connection; the workers write each',
    'person straight into the batch as COPY text and keep the file’s same-person keys in an exact byte-keyed set (their',
    'parse-and-normalize pass 1.35 s → 1.0 s of CPU); each batch goes in the order of its sort key (neighbouring entries of',
    'the list’s index one after the other: ~15 % less PostgreSQL CPU); the import’s connections commit asynchronously.',
    '',
    'What bounds it: the machine. The two COPYs at once above write the same rows with nothing to parse and nothing else',
    'running, and already take 1.5–1.9 s; with the upload (~0.2 s: 10 MB received and stored) and the queue (~0.1 s), that',
    'is ~2 s before the workers read a single row, and their ~1.5 s of CPU competes for the same two cores. Measured apart',
    '(one connection, 160k import lines already sorted, CPU of the backend): the heap and COPY parsing 0.65 s, the primary',
    'key 0.36 s, the unique same-person key 0.72 s, the list’s order index 0.43 s, the partial indexes and count triggers',
    '0.12 s. Each of those indexes is needed (identity, an exact “same person” under any concurrency, the list’s order), so',
    '≤ 2 s end to end is not reachable on this 2-core machine without giving one of them up; the figures vary with whatever',
    'else runs (see the foreign-work line). Under the API load the import gives way and takes several times longer; its CPU',
    'still competes with the API’s, which shows first in the tail (p99) rather than in the median.',
  ].join('\n');
  const stdout = [
    `CSV import of people — ${when} — ${machineLine}`,
    '',
    mainTable,
    '',
    runTable,
    '',
    latTable,
    '',
    verdictTable,
    '',
    ...facts,
  ]
    .join('\n')
    .replaceAll('**', '');
  return { markdown, stdout };
}

// Dispatch last, once every top-level helper above is initialised.
if (process.argv[2] === '--load') await loadMain();
else await orchestratorMain();
