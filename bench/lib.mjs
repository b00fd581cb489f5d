// What the bench/*.mjs scripts share: flags, the harness (a fresh database and Redis prefix, the build,
// the migrations, the API and the workers from dist/ with their logs, health, sign-in, clean-up on exit and
// signals), child processes over IPC, socket.io watchers, percentiles, formats and markdown tables, CPU
// from /proc, waiting for a quiet machine and for other benchmarks, the in-process V8 profiler, and each
// script's own section of docs/benchmarks.md.
import { fork, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { newestMtime, portAnswers } from '../scripts/lib.mjs';

export { freePort } from '../scripts/lib.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Wall-clock ms with sub-ms resolution; agrees across processes on one machine. */
export const now = () => performance.timeOrigin + performance.now();
export const log = (msg) => console.log(`[bench] ${msg}`);
/** The Debian Chromium and its flags, as the browser tests launch it (test/e2e/chromium.json). */
export const chromiumLaunchOptions = () => JSON.parse(readFileSync(join(ROOT, 'test/e2e/chromium.json'), 'utf8'));

// ───────────────────────────────────────── flags ─────────────────────────────────────────

/**
 * `--name=value` / `--name` arguments; `known` (optional) lists the accepted names. Returns the raw
 * flags, `int(name, fallback, min, max)`, which checks an integer flag, and `server(port)`, the flags of SERVER_FLAGS.
 */
export function readFlags(argv, known) {
  const flags = {};
  for (const arg of argv) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!m) throw new Error(`Unknown argument: ${arg}`);
    if (known && !known.includes(m[1])) throw new Error(`Unknown flag: --${m[1]}`);
    flags[m[1]] = m[2] ?? true;
  }
  const int = (name, fallback, min, max) => {
    const v = flags[name] === undefined ? fallback : Number(flags[name]);
    if (!Number.isInteger(v) || v < min || v > max) throw new Error(`--${name} must be an integer in [${min}, ${max}]`);
    return v;
  };
  /** A bench that starts its own servers: --port (`port` unless given), --build, --no-write (docs untouched), --keep (the database). */
  const server = (port) => ({ port: int('port', port, 1024, 65535), build: !!flags.build, write: !flags['no-write'], keep: !!flags.keep });
  return { flags, int, server };
}

/** The flags `server()` of readFlags reads, for a bench that lists the flags it knows. */
export const SERVER_FLAGS = ['port', 'build', 'no-write', 'keep'];

// ───────────────────────────────────────── figures ─────────────────────────────────────────

/** The p-th percentile of an ascending array (nearest rank). */
export const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : NaN;
export const sortNum = (a) => Float64Array.from(a).sort();
export const median = (a) => pct(sortNum(a), 50);
export const fmt = (ms) => (Number.isFinite(ms) ? (Math.abs(ms) >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`) : '—');
export const fmtPct = (v) => (Number.isFinite(v) ? `${v.toFixed(0)} %` : '—');
export const fmtInt = (v) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : '—');
/** ms with one decimal below 100 ms, none above. */
export const fmtMs = (ms) => (Number.isFinite(ms) ? (ms >= 100 ? `${ms.toFixed(0)} ms` : `${ms.toFixed(1)} ms`) : '—');
/** ms as seconds, two decimals. */
export const fmtS = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '—');
/** p50/p95/p99/max of an array of numbers. */
export function summary(values) {
  const s = sortNum(values);
  return { n: s.length, p50: pct(s, 50), p95: pct(s, 95), p99: pct(s, 99), max: s.length ? s[s.length - 1] : NaN };
}

/**
 * A markdown table, its columns padded to line up in plain text too. `align`: one of '---', '---:' or
 * ':---:' per column (default: left).
 */
export function table(head, rows, align) {
  const all = [head, ...rows].map((r) => r.map(String));
  const w = head.map((_, i) => Math.max(3, ...all.map((r) => r[i].length)));
  const right = head.map((_, i) => (align?.[i] ?? '').endsWith(':') && !align[i].startsWith(':'));
  const line = (r) => `| ${r.map((c, i) => (right[i] ? c.padStart(w[i]) : c.padEnd(w[i]))).join(' | ')} |`;
  const rule = w.map((n, i) => {
    const a = align?.[i] ?? '---';
    const dashes = '-'.repeat(n - (a.startsWith(':') ? 1 : 0) - (a.endsWith(':') ? 1 : 0));
    return `${a.startsWith(':') ? ':' : ''}${dashes}${a.endsWith(':') ? ':' : ''}`;
  });
  return [line(all[0]), `| ${rule.join(' | ')} |`, ...all.slice(1).map(line)].join('\n');
}

// ───────────────────────────────────────── the machine ─────────────────────────────────────────

export function machineInfo() {
  const cpuinfo = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
  return { nproc: os.availableParallelism(), model, node: process.version, memGb: (os.totalmem() / 2 ** 30).toFixed(0) };
}

/**
 * A report's "Latest run:" line: when, this machine, Node and PostgreSQL, and what shared the machine (`with`, the
 * processes besides the bench); `after` is written as given before the final period.
 */
export function latestRunLine(pgVersion, { with: beside = 'API, workers, PostgreSQL, Redis', after = '' } = {}) {
  const m = machineInfo();
  return (
    `Latest run: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')} — ${m.nproc} cores (${m.model}), ${m.memGb} GB RAM, Node ${process.version}, ` +
    `PostgreSQL ${pgVersion}; ${beside} and the bench on this one machine${after}.`
  );
}

/** Clock ticks per second, the unit of /proc/<pid>/stat and /proc/stat. */
export const clockTick = () => Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** Every process's name, parent and utime/stime (fields 14 and 15 of /proc/<pid>/stat, all threads) in ms. */
export function procTable(tick) {
  const table = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(entry), {
        comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
        ppid: Number(fields[1]),
        user: (Number(fields[11]) * 1000) / tick,
        sys: (Number(fields[12]) * 1000) / tick,
      });
    } catch {
      /* the process ended meanwhile */
    }
  }
  return table;
}

const procStat = () => readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);

/** Time the hypervisor gave to other machines (steal, all cores), ms, from /proc/stat. */
export function machineStealMs(tick) {
  return ((procStat()[7] ?? 0) * 1000) / tick;
}

/** Busy time of the whole machine (all cores; user nice system irq softirq steal), ms, from /proc/stat. */
export function machineBusyMs(tick) {
  const f = procStat();
  return ((f[0] + f[1] + f[2] + f[5] + f[6] + (f[7] ?? 0)) * 1000) / tick;
}

function machineCpu() {
  const line = procStat();
  return { idle: line[3] + (line[4] ?? 0), total: line.reduce((a, b) => a + b, 0) };
}

/** Share of all cores busy over `ms` (whatever runs on the machine). */
export async function machineBusy(ms) {
  const a = machineCpu();
  await sleep(ms);
  const b = machineCpu();
  const total = b.total - a.total;
  return total > 0 ? (100 * (total - (b.idle - a.idle))) / total : NaN;
}

/** Waits (up to `seconds`) until less than 25 % of the machine is busy; returns the last reading. */
export async function waitQuiet(seconds, log, what) {
  const until = Date.now() + seconds * 1000;
  let busy = await machineBusy(1000);
  while (busy > 25 && Date.now() < until) {
    log(`machine ${busy.toFixed(0)} % busy with other work before ${what}; waiting for it to go quiet (up to ${seconds} s)…`);
    busy = await machineBusy(2000);
  }
  if (busy > 25) log(`machine still ${busy.toFixed(0)} % busy with other work before ${what}: the figures are distorted by it.`);
  return busy;
}

/** ppid and start time (clock ticks since boot) of a process, from /proc/<pid>/stat. */
function procInfo(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(fields[1]), start: Number(fields[19]) };
}

/** Says which other benchmarks run now (their load distorts this run's figures) and answers them, for the report. */
export function warnOtherBenches() {
  const others = otherBenches();
  if (others.length) log(`other benchmarks running: ${others.map((o) => o.script).join(', ')} (figures may be distorted)`);
  return others;
}

/**
 * Other bench/*.mjs scripts running now, as `{ pid, script }`: node processes only (a `flock … node
 * bench/…` still waiting for its lock waits for us, and is not one), and neither this process, its
 * ancestors (`npm run …`) nor its own children. `startedBefore`: only those started before this one.
 */
export function otherBenches({ startedBefore = false } = {}) {
  const ancestors = new Set();
  for (let pid = process.pid, i = 0; pid > 1 && i < 50; i += 1) {
    ancestors.add(pid);
    try {
      pid = procInfo(pid).ppid;
    } catch {
      break;
    }
  }
  const mine = procInfo(process.pid).start;
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (ancestors.has(pid)) continue;
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (!basename(args[0]).startsWith('node')) continue;
      const script = args.find((a) => /(^|\/)bench\/[\w.-]+\.mjs$/.test(a));
      if (!script) continue;
      const info = procInfo(pid);
      if (info.ppid === process.pid || (startedBefore && info.start >= mine)) continue;
      found.push({ pid, script });
    } catch {
      /* ended meanwhile */
    }
  }
  return found;
}

/**
 * Waits (up to `seconds`) while other bench/*.mjs scripts run (with `startedBefore`, only those started
 * before this one, so two scripts started together do not wait for each other). Returns those still
 * running when the time is up (`[]` when none is left).
 */
export async function waitForOtherBenches({ seconds, startedBefore = false, pollMs = 2000 }) {
  const until = Date.now() + seconds * 1000;
  let lastSaid = 0;
  for (let others = otherBenches({ startedBefore }); others.length; others = otherBenches({ startedBefore })) {
    const list = others.map((o) => `${o.pid} ${o.script}`).join(', ');
    if (Date.now() >= until) {
      log(`other benchmarks still running (${list}) after ${seconds} s: measuring anyway, the figures are distorted.`);
      return others;
    }
    if (Date.now() - lastSaid >= 30_000) {
      lastSaid = Date.now();
      log(`other benchmarks running (${list}); waiting for them to finish (up to ${seconds} s)…`);
    }
    await sleep(Math.min(pollMs, Math.max(0, until - Date.now())));
  }
  return [];
}

/** What the CPU accounting of a phase starts from: the time, every process's CPU and the steal time. */
export const cpuSnapshot = (tick) => ({ t: now(), procs: procTable(tick), steal: machineStealMs(tick) });

/**
 * CPU per process between two snapshots, as % of one core: `roles` (pid → name; 'api' also gets its
 * kernel share `apiSys` and its ms `apiMs`/`apiSysMs`), the PostgreSQL backends `pgPids` ('pg'), with
 * `pgOther` the other postgres processes (WAL writer, checkpointer, ended backends…) apart, Redis, and
 * everything else ('other', its top three commands in `otherTop`); `steal` is the hypervisor's share.
 */
export function cpuShares(a, b, { roles, pgPids, names, pgOther = false }) {
  const wall = b.t - a.t;
  const acc = Object.fromEntries([...names, 'apiSys', 'pg', ...(pgOther ? ['pgOther'] : []), 'redis', 'other'].map((k) => [k, 0]));
  const others = new Map();
  for (const [pid, end] of b.procs) {
    const start = a.procs.get(pid) ?? (roles.has(pid) ? end : { user: 0, sys: 0 });
    const ms = end.user + end.sys - start.user - start.sys;
    if (!(ms > 0)) continue;
    let role = roles.get(pid);
    if (!role) {
      if (pgPids.has(pid)) role = 'pg';
      else if (pgOther && end.comm.startsWith('postgres')) role = 'pgOther';
      else if (end.comm === 'redis-server') role = 'redis';
      else role = 'other';
    }
    acc[role] += ms;
    if (role === 'api') acc.apiSys += end.sys - start.sys;
    if (role === 'other') others.set(end.comm, (others.get(end.comm) ?? 0) + ms);
  }
  const share = (ms) => (100 * ms) / wall;
  return {
    wallMs: wall,
    apiMs: acc.api ?? 0,
    apiSysMs: acc.apiSys,
    steal: (100 * Math.max(0, (b.steal ?? 0) - (a.steal ?? 0))) / wall,
    ...Object.fromEntries(Object.entries(acc).map(([k, v]) => [k, share(v)])),
    otherTop: [...others]
      .sort((x, y) => y[1] - x[1])
      .slice(0, 3)
      .filter(([, ms]) => share(ms) >= 5)
      .map(([comm, ms]) => `${comm} ${fmtPct(share(ms))}`)
      .join(', '),
  };
}

// ───────────────────────────────────────── profiling ─────────────────────────────────────────

/**
 * Loaded into a server with `--import` when a bench profiles it: SIGWINCH starts the V8 sampling
 * profiler in-process (Nest's shutdown hooks take SIGUSR2), the next SIGWINCH stops it and writes the
 * profile to $BENCH_PROFILE_FILE<tag>.<n>.cpuprofile (a tag per process when several are profiled).
 */
export const profilerPreload = (intervalUs, tag = '') =>
  `data:text/javascript,${encodeURIComponent(`
import inspector from 'node:inspector';
import { writeFileSync } from 'node:fs';
const session = new inspector.Session();
session.connect();
let running = false;
let n = 0;
process.on('SIGWINCH', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: ${intervalUs} }, () => session.post('Profiler.start')));
    return;
  }
  running = false;
  session.post('Profiler.stop', (err, res) => {
    if (!err) writeFileSync(process.env.BENCH_PROFILE_FILE + '${tag}.' + n++ + '.cpuprofile', JSON.stringify(res.profile));
  });
});
`)}`;

/** Sends SIGWINCH to a server loaded with `profilerPreload`: the first starts its profiler, the next stops it. */
export async function toggleProfiler(pid) {
  process.kill(pid, 'SIGWINCH');
  await sleep(100);
}

/** Stops the profiler of `pid` and reads the profile it writes to `file` (null if none came within 10 s). */
export async function collectProfile(pid, file) {
  process.kill(pid, 'SIGWINCH');
  for (let i = 0; i < 100 && !existsSync(file); i += 1) await sleep(100);
  if (!existsSync(file)) return null;
  await sleep(300);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * Self time of a V8 CPU profile by function and by package (node_modules/<pkg>, node core, app code),
 * leaving out idle time and the profiler's own work. `categories` ([name, url → bool]): each sample also
 * counts for the innermost of them on its stack (`inclusive`); `marks` ({ name: frames → bool }): the
 * time of the samples whose stack passes the test.
 */
export function summariseProfile(profile, { categories = [], marks = {}, top: topN = 15 } = {}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stackCache = new Map();
  const stack = (id) => {
    let frames = stackCache.get(id);
    if (!frames) {
      frames = [];
      for (let cur = id; cur !== undefined; cur = parent.get(cur)) frames.push(byId.get(cur).callFrame);
      stackCache.set(id, frames);
    }
    return frames;
  };
  const byFunction = new Map();
  const byPackage = new Map();
  const inclusive = Object.fromEntries(categories.map(([k]) => [k, 0]));
  const marked = Object.fromEntries(Object.keys(marks).map((k) => [k, 0]));
  const owners = new Map();
  let busy = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const frames = stack(id);
    const { functionName, url, lineNumber } = frames[0];
    if (functionName === '(idle)') {
      idle += ms;
      return;
    }
    if (frames.some((f) => f.url.startsWith('data:') || f.url === 'node:inspector')) return; // the profiler itself
    busy += ms;
    // Each sample counts for the innermost category on its stack (a pg write under typeorm is the pg driver's).
    if (!owners.has(id)) owners.set(id, frames.map((f) => categories.find(([, test]) => test(f.url))).find(Boolean)?.[0]);
    const owner = owners.get(id);
    if (owner) inclusive[owner] += ms;
    for (const [k, test] of Object.entries(marks)) if (test(frames)) marked[k] += ms;
    const where = url.replace(/^file:\/\//, '').replace(`${ROOT}/`, '');
    const fn = `${functionName || '(anonymous)'} ${where ? `${where.replace(/^.*node_modules\//, '')}:${lineNumber + 1}` : ''}`.trim();
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
      (url.startsWith('node:') ? 'node core (JS)' : url ? 'aforo (dist)' : `${functionName} (native)`);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
  });
  const top = (m, k) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k);
  return {
    busy,
    idle,
    inclusive: Object.entries(inclusive),
    marks: marked,
    functions: top(byFunction, topN),
    packages: top(byPackage, 10),
  };
}

// ───────────────────────────────────────── child processes ─────────────────────────────────────────

/** In a forked child: answers the parent's `{ id, cmd, args }` messages with `commands[cmd](args)`. */
export function serve(commands) {
  process.on('message', async (msg) => {
    try {
      const result = await commands[msg.cmd](msg.args ?? {});
      process.send({ id: msg.id, ok: true, result });
    } catch (err) {
      process.send({ id: msg.id, ok: false, error: String(err?.stack ?? err) });
    }
  });
  process.on('disconnect', () => process.exit(0));
}

/**
 * Forks `script` with `args` (its side runs `serve`); `call(cmd, args, timeoutMs)` resolves with the
 * command's result. `track(child)` (the harness's) makes sure it is ended at clean-up.
 */
export function forkChild(script, args, { name = 'child', nice = 0, track } = {}) {
  const child = fork(script, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  track?.(child);
  if (nice) os.setPriority(child.pid, nice);
  const pending = new Map();
  let seq = 0;
  child.on('message', (msg) => {
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    clearTimeout(p.timer);
    if (msg.ok) p.resolve(msg.result);
    else p.reject(new Error(msg.error));
  });
  child.on('exit', (code) => {
    for (const p of pending.values()) p.reject(new Error(`${name} process exited (${code})`));
    pending.clear();
  });
  const call = (cmd, args, timeoutMs = 120_000) =>
    new Promise((resolveCall, reject) => {
      const id = (seq += 1);
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`${name} command ${cmd} timed out`));
      }, timeoutMs);
      pending.set(id, { resolve: resolveCall, reject, timer });
      child.send({ id, cmd, args });
    });
  return { child, call };
}

// ───────────────────────────────────────── HTTP and sockets ─────────────────────────────────────────

/** One HTTP request over a keep-alive agent; `body` is JSON unless it is a Buffer (then set content-type). */
export function httpRequest(agent, method, url, { headers = {}, body, timeoutMs = 15_000 } = {}) {
  return new Promise((done, fail) => {
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    const allHeaders =
      payload === undefined ? headers : { 'content-type': 'application/json', ...headers, 'content-length': payload.length };
    const req = http.request(url, { method, agent, headers: allHeaders, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        // bytes: what crossed the wire (compressed when the answer was); text: only meaningful when it was not.
        done({ status: res.statusCode, text: raw.toString('utf8'), bytes: raw.length, headers: res.headers });
      });
      res.on('error', fail);
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.on('error', fail);
    req.end(payload);
  });
}

/**
 * A staff client load on the API (bench:mail, bench:webhooks): two clients, each calling `paths` in turn (closed loop,
 * 20 ms think time) with the token until `until()` says stop; answers the latencies (ms). Any non-200 fails the run.
 */
export async function staffProbe(baseUrl, token, paths, until) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const headers = { authorization: `Bearer ${token}` };
  const lat = [];
  const client = async (k) => {
    for (let i = k; !until(); i += 1) {
      const t0 = now();
      const res = await httpRequest(agent, 'GET', `${baseUrl}${paths[i % paths.length]}`, { headers, timeoutMs: 30_000 });
      if (res.status !== 200) throw new Error(`probe ${paths[i % paths.length]}: ${res.status}`);
      lat.push(now() - t0);
      await sleep(20);
    }
  };
  await Promise.all([client(0), client(1)]);
  agent.destroy();
  return lat;
}

/** `finish(ok, why)` for a socket being opened: only its first call counts, and `ms` later it is called with 'timeout'. */
export function settleOnce(ms, done) {
  let settled = false;
  const finish = (ok, why) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    done(ok, why);
  };
  const timer = setTimeout(() => finish(false, 'timeout'), ms);
  return finish;
}

/** Closes `sockets` (emptying the array) and gives the server a moment to see it. */
export async function disconnectAll(sockets) {
  for (const s of sockets.splice(0)) s.disconnect();
  await sleep(200);
  return {};
}

/** This process's own CPU time and event-loop delay over a window: `start()` opens it, `read()` closes it. */
export function selfLoad() {
  const eld = monitorEventLoopDelay({ resolution: 1 });
  let cpu0 = process.cpuUsage();
  return {
    start() {
      cpu0 = process.cpuUsage();
      eld.reset();
      eld.enable();
    },
    read() {
      eld.disable();
      const cpu = process.cpuUsage(cpu0);
      return { cpuMs: (cpu.user + cpu.system) / 1000, eldP99Ms: eld.percentile(99) / 1e6, eldMaxMs: eld.max / 1e6 };
    },
  };
}

/**
 * A socket.io-client socket (websocket only, no reconnection) that joins `room`; `listen(socket)` adds its
 * event handlers first. Resolves `{ socket, ok, why }`, never rejects.
 */
export function joinRoom(io, { url, token, room, timeoutMs, listen }) {
  return new Promise((done) => {
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      forceNew: true,
      reconnection: false,
      timeout: timeoutMs,
    });
    listen?.(socket);
    const finish = settleOnce(timeoutMs + 1000, (ok, why) => done({ socket, ok, why }));
    socket.once('connect_error', (err) => finish(false, err.message));
    socket.once('connect', () =>
      socket
        .timeout(timeoutMs)
        .emit('room:join', room, (err, ack) => finish(!err && ack?.ok === true, err ? 'join timeout' : ack?.message)),
    );
  });
}

/**
 * A minimal socket.io client over a raw TCP WebSocket: engine.io open/ping, socket.io CONNECT with the
 * token, one `room:join` with its ack, then every event. It costs the bench machine far less CPU and memory
 * per socket and message than socket.io-client (thousands of sockets fit in one client process).
 * `onEvent([name, payload], t)`, `onReady()` once joined, `onFail(why)`; returns `{ disconnect }`.
 */
export function rawSocketIo(url, token, { room, onEvent, onReady, onFail }) {
  const { hostname, port } = new URL(url);
  const sock = net.connect({ host: hostname, port: Number(port) });
  sock.setNoDelay(true);
  const send = (text) => {
    const data = Buffer.from(text);
    const mask = randomBytes(4);
    const head =
      data.length < 126 ? Buffer.from([0x81, 0x80 | data.length]) : Buffer.from([0x81, 0x80 | 126, data.length >> 8, data.length & 255]);
    for (let i = 0; i < data.length; i += 1) data[i] ^= mask[i % 4];
    sock.write(Buffer.concat([head, mask, data]));
  };
  const onText = (text, t) => {
    if (text.startsWith('42')) onEvent(JSON.parse(text.slice(2)), t);
    else if (text === '2') send('3');
    else if (text[0] === '0') send(`40${JSON.stringify({ token })}`);
    else if (text.startsWith('40')) send(`420${JSON.stringify(['room:join', room])}`);
    else if (text.startsWith('430')) {
      const [ack] = JSON.parse(text.slice(3));
      if (ack?.ok === true) onReady();
      else onFail(ack?.message ?? 'join refused');
    } else if (text.startsWith('44')) onFail(text.slice(2));
  };
  let buf = Buffer.alloc(0);
  let upgraded = false;
  sock.on('data', (chunk) => {
    const t = now();
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    if (!upgraded) {
      const end = buf.indexOf('\r\n\r\n');
      if (end === -1) return;
      if (!/^HTTP\/1\.1 101/.test(buf.subarray(0, 12).toString()))
        return onFail(`upgrade refused: ${buf.subarray(0, buf.indexOf('\r\n')).toString()}`);
      upgraded = true;
      buf = buf.subarray(end + 4);
    }
    while (buf.length >= 2) {
      const opcode = buf[0] & 0x0f;
      let len = buf[1] & 0x7f;
      let off = 2;
      if (len === 126) {
        if (buf.length < 4) break;
        len = buf.readUInt16BE(2);
        off = 4;
      } else if (len === 127) {
        if (buf.length < 10) break;
        len = Number(buf.readBigUInt64BE(2));
        off = 10;
      }
      if (buf.length < off + len) break;
      const frame = buf.subarray(off, off + len);
      buf = buf.subarray(off + len);
      if (opcode === 1) onText(frame.toString('utf8'), t);
      else if (opcode === 8) sock.destroy();
    }
  });
  sock.on('error', (err) => onFail(err.message));
  sock.on('close', () => onFail('closed'));
  sock.write(
    `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  return { disconnect: () => sock.destroy() };
}

/**
 * Loaded into a server with `--import` when a bench reads its memory: SIGPWR runs the garbage collector
 * (twice, to settle weak references) and writes process.memoryUsage() to $BENCH_MEMORY_DIR/<pid>.json.
 * Inert without BENCH_MEMORY_DIR. Pass it in NODE_OPTIONS to reach the processes a launcher starts.
 */
export const memoryPreload = () =>
  `data:text/javascript,${encodeURIComponent(`
import v8 from 'node:v8';
import vm from 'node:vm';
import { renameSync, writeFileSync } from 'node:fs';
const dir = process.env.BENCH_MEMORY_DIR;
if (dir) {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  process.on('SIGPWR', () => {
    gc();
    gc();
    const file = dir + '/' + process.pid + '.json';
    // Per V8 space, used and resident bytes: what the heap holds beside the slack it keeps (heapTotal - heapUsed).
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, [s.space_used_size, s.physical_space_size]]));
    writeFileSync(file + '.tmp', JSON.stringify({ at: Date.now(), ...process.memoryUsage(), spaces }));
    renameSync(file + '.tmp', file);
  });
}
`)}`;

/** The memory of a server loaded with `memoryPreload`, after a garbage collection (null if it did not answer in 10 s). */
export async function readMemory(pid, dir) {
  const file = join(dir, `${pid}.json`);
  const asked = Date.now();
  process.kill(pid, 'SIGPWR');
  for (let i = 0; i < 100; i += 1) {
    await sleep(100);
    if (existsSync(file)) {
      const m = JSON.parse(readFileSync(file, 'utf8'));
      if (m.at >= asked) return m;
    }
  }
  return null;
}

/**
 * A process's own `aforo_push_delay_seconds` histogram for one push name (from the oldest change a push carries to its
 * send to the sockets; absent in builds from before it existed): cumulative bucket counts by bound, read on its
 * /metrics (this machine: no token).
 */
export async function pushDelayBuckets(baseUrl, event = 'registrations.created') {
  try {
    const res = await fetch(`${baseUrl}/metrics`);
    if (!res.ok) return null;
    const buckets = new Map();
    for (const line of (await res.text()).split('\n')) {
      const m = /^aforo_push_delay_seconds_bucket\{([^}]*)\} (\S+)$/.exec(line);
      if (!m || !m[1].includes(`event="${event}"`)) continue;
      const le = /le="([^"]+)"/.exec(m[1])?.[1];
      if (le) buckets.set(le === '+Inf' ? Infinity : Number(le), Number(m[2]));
    }
    return buckets;
  } catch {
    return null;
  }
}

/** Percentiles (ms) of the pushes sent between two reads of the histogram, interpolated within a bucket. */
export function pushDelayBetween(before, after) {
  if (!after || after.size === 0) return null;
  const bounds = [...after.keys()].sort((a, b) => a - b);
  const counts = bounds.map((b) => (after.get(b) ?? 0) - (before?.get(b) ?? 0));
  const total = counts[counts.length - 1];
  if (!total) return null;
  const at = (q) => {
    const rank = q * total;
    for (let i = 0; i < bounds.length; i += 1) {
      if (counts[i] < rank) continue;
      const lo = i === 0 ? 0 : bounds[i - 1];
      const below = i === 0 ? 0 : counts[i - 1];
      if (!Number.isFinite(bounds[i])) return lo * 1000;
      const within = counts[i] - below;
      return 1000 * (lo + (within ? ((rank - below) / within) * (bounds[i] - lo) : 0));
    }
    return NaN;
  };
  return { pushes: total, p50: at(0.5), p95: at(0.95) };
}

/**
 * Opens `count` more sockets `batch` at a time with `connectOne(i)`, `i` numbering them after those already in
 * `sockets`; pushes them into `sockets`.
 */
export async function connectInBatches(sockets, count, batch, connectOne) {
  let joined = 0;
  const failures = [];
  const base = sockets.length;
  for (let start = 0; start < count; start += batch) {
    const results = await Promise.all(Array.from({ length: Math.min(batch, count - start) }, (_, i) => connectOne(base + start + i)));
    for (const r of results) {
      sockets.push(r.socket);
      if (r.ok) joined += 1;
      else failures.push(r.why);
    }
  }
  return { joined, failed: failures.length, failures: failures.slice(0, 5) };
}

/** A published external event a month ahead for a load test (POST /api/eventos-externos), described as `script`'s. */
export const benchEvent = (title, capacity, script) => ({
  title,
  description: `Evento de prueba de carga (bench/${script}).`,
  event_date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  end_date: null,
  location: 'Banco de pruebas',
  max_attendees: capacity,
  status: 'published',
});

/** The `i`-th public registration of a burst (POST /api/eventos/{slug}/register), its e-mail `<prefix><i>@bench.aforo.local`. */
export const benchRegistration = (i, prefix) => ({
  nombre: 'JOSÉ',
  apellido_paterno: 'GARZA',
  apellido_materno: 'PEÑA',
  fecha_nacimiento: '1990-05-17',
  phone: `55${String(i).padStart(8, '0')}`,
  email: `${prefix}${i}@bench.aforo.local`,
  empresa: 'ACME',
  tipo_participante: 'Empresario',
});

// ───────────────────────────────────────── the harness ─────────────────────────────────────────

/** Runs `fn` with a PostgreSQL client of its own on `connectionString`, closed after (whatever `fn` does). */
export async function withClient(connectionString, fn) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * One benchmark's own world on 127.0.0.1: a database `<prefix><runId>` and the Redis prefix of the same
 * name (both dropped at the end), the server's environment, the API and the workers from dist/ (their
 * output kept, shown if one dies), and a clean-up that ends every child process by pid, drops the
 * database and clears the keys, on normal exit, on SIGINT/SIGTERM, on an uncaught error and when the
 * watchdog fires.
 *
 * `baseEnv`: what the servers inherit (default process.env); `adminUrl`/`redisUrl`: default
 * BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres, and
 * TEST_REDIS_URL, else redis://127.0.0.1:6379. `keep`: leave the database behind (debugging). `root`: the checkout
 * whose dist/ is built and run (default this one; `--beside` builds another revision in a temporary worktree).
 */
export async function createBenchEnv({
  prefix,
  root = ROOT,
  port,
  extraEnv = {},
  baseEnv = process.env,
  nodeEnv = 'production',
  adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  keep = false,
  stopWaitMs = 5000,
  // false: run() leaves the process alive after it, for a script that measures another build next (--beside).
  exitAfterRun = true,
}) {
  const { default: pg } = await import('pg');
  const { default: Redis } = await import('ioredis');
  const runId = Date.now();
  const database = `${prefix}${runId}`;
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${database}`;
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...baseEnv,
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: database,
    PORT: String(port),
    HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(30).toString('base64url'), // 40 characters
    ADMIN_EMAIL: 'admin@aforo.local',
    ADMIN_PASSWORD: 'aforo-admin-2026',
    LOG_LEVEL: 'warn',
    NODE_ENV: nodeEnv,
    ...extraEnv,
  };
  const children = []; // spawned/forked processes, ended by pid at clean-up
  const hooks = []; // run first at clean-up (close clients, remove files)
  const stopping = new Set(); // servers stopped on purpose: their exit is not a failure
  let databaseCreated = false;
  let cleaned = false;
  let cleaning = null; // the clean-up under way: every caller waits for the same one
  let watchdog = null;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const alive = (c) => c.exitCode === null && c.signalCode === null;

  const withAdmin = (fn) => withClient(adminUrl, fn);

  /** Deletes the Redis keys matching `pattern` (a SCAN glob) for which `drop` is true. */
  async function clearRedis(pattern, drop = () => true) {
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    redis.on('error', () => undefined);
    await redis.connect();
    try {
      let cursor = '0';
      for (let round = 0; round < 10_000; round += 1) {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        const doomed = keys.filter(drop);
        if (doomed.length) await redis.del(...doomed);
        cursor = next;
        if (cursor === '0') break;
      }
    } finally {
      redis.disconnect();
    }
  }

  function cleanup() {
    cleaned = true;
    cleaning ??= cleanUp();
    return cleaning;
  }
  async function cleanUp() {
    clearTimeout(watchdog);
    for (const hook of hooks.splice(0))
      await Promise.resolve()
        .then(hook)
        .catch(() => undefined);
    for (const child of children) if (alive(child)) child.kill('SIGTERM');
    const deadline = Date.now() + stopWaitMs;
    while (children.some(alive) && Date.now() < deadline) await sleep(100);
    for (const child of children) if (alive(child)) child.kill('SIGKILL');
    agent.destroy();
    if (!databaseCreated) return;
    if (!keep) {
      await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)).catch((err) =>
        console.error(`[bench] could not drop ${database}: ${err.message}`),
      );
    }
    await clearRedis(`${database}*`).catch((err) => console.error(`[bench] could not clear Redis keys ${database}*: ${err.message}`));
  }
  // `on`, not `once`: a second signal during the clean-up must not end the process before it is done.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (cleaned) return;
      console.error(`[bench] ${signal}: cleaning up…`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  // Whatever goes wrong, the API, the workers and the database do not outlive the bench.
  for (const event of ['uncaughtException', 'unhandledRejection']) {
    process.once(event, (err) => {
      console.error(`[bench] ${event}: ${err?.stack ?? err}; cleaning up…`);
      void cleanup().finally(() => process.exit(1));
    });
  }

  /** Ends the run after `minutes` (from now; calling it again restarts the count). */
  function armWatchdog(minutes) {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      console.error(`[bench] hard time limit (${minutes} min) reached; stopping.`);
      void cleanup().finally(() => process.exit(2));
    }, minutes * 60_000);
  }

  /**
   * Builds the server (npm run build:server) with `force`, when dist/ lacks the API or the workers, or,
   * with `ifStale`, when a source is newer than the last build (tsc is incremental: .tsbuildinfo marks one).
   */
  function build({ force = false, ifStale = false } = {}) {
    const outputs = ['dist/api/src/main.js', 'dist/workers/src/main.js'];
    let needed = force || outputs.some((f) => !existsSync(join(root, f)));
    if (!needed && ifStale) {
      const built = Math.max(
        ...['dist/.build-stamp', 'dist/.tsbuildinfo', 'dist/api/src/main.js'].map((f) =>
          existsSync(join(root, f)) ? statSync(join(root, f)).mtimeMs : 0,
        ),
      );
      needed = newestMtime(['api/src', 'workers/src', 'tsconfig.json', 'tsconfig.build.json']) > built;
    }
    if (!needed) return;
    log('building the server (npm run build:server)…');
    const r = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('npm run build:server failed');
  }

  /**
   * Drops this script's leftover databases and Redis keys (`<prefix><ms>`; with `leftoverAgeMs`, only
   * those older than that, so a concurrent run is left alone), then creates the database.
   */
  async function createDatabase({ leftoverAgeMs = 0 } = {}) {
    const ours = new RegExp(`^${prefix}(\\d{10,})(?::|$)`);
    const isLeftover = (name) => {
      const m = ours.exec(name);
      return !!m && name !== database && !name.startsWith(`${database}:`) && (!leftoverAgeMs || Number(m[1]) < runId - leftoverAgeMs);
    };
    await withAdmin(async (c) => {
      const old = await c.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${prefix.replaceAll('_', '\\_')}%`]);
      for (const { datname } of old.rows.filter((r) => isLeftover(r.datname)))
        await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${database}`);
      databaseCreated = true;
    });
    await clearRedis(`${prefix}[0-9]*`, isLeftover);
  }

  function migrate() {
    const r = spawnSync(process.execPath, [join(root, 'dist/api/src/cli.js'), 'migrate'], { cwd: root, env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`migrate failed:\n${r.stdout}\n${r.stderr}`);
  }

  /**
   * Starts `entry` (relative to the repository; to `root`, another checkout's built tree, when a bench measures
   * a baseline build beside this one) with the bench environment; keeps the end of its output.
   */
  function startServer(name, entry, nodeArgs = [], from = root, moreEnv = {}) {
    const child = spawn(process.execPath, [...nodeArgs, join(from, entry)], {
      cwd: from,
      env: { ...env, ...moreEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const output = [];
    const keepOutput = (buf) => {
      output.push(String(buf));
      if (output.length > 200) output.splice(0, 100);
    };
    child.stdout.on('data', keepOutput);
    child.stderr.on('data', keepOutput);
    /** Resolves once a line of its output matches `re` (false after `ms` without one). */
    child.outputMatches = (re, ms = 120_000) =>
      new Promise((resolve) => {
        if (re.test(output.join(''))) return resolve(true);
        const timer = setTimeout(() => done(false), ms);
        const seen = (buf) => re.test(String(buf)) && done(true);
        const done = (v) => {
          clearTimeout(timer);
          child.stdout.off('data', seen);
          child.stderr.off('data', seen);
          resolve(v);
        };
        child.stdout.on('data', seen);
        child.stderr.on('data', seen);
      });
    child.on('exit', (code, signal) => {
      if (!cleaned && !stopping.has(child))
        console.error(`[bench] ${name} exited early (${code ?? signal}):\n${output.join('').slice(-4000)}`);
    });
    return child;
  }

  /** Stops servers on purpose (SIGTERM, then up to `ms` for them to exit). */
  async function stopServers(servers, ms = 10_000) {
    for (const child of servers) {
      stopping.add(child);
      if (alive(child)) child.kill('SIGTERM');
    }
    const deadline = Date.now() + ms;
    while (servers.some(alive) && Date.now() < deadline) await sleep(100);
  }

  /** A JSON (or Buffer) request to the API; `json` is the parsed answer, when it is JSON. */
  async function request(method, path, { token, headers = {}, body, timeoutMs = 15_000 } = {}) {
    const res = await httpRequest(agent, method, `${baseUrl}${path}`, {
      headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
      body,
      timeoutMs,
    });
    let json = null;
    try {
      json = res.text ? JSON.parse(res.text) : null;
    } catch {
      /* not JSON */
    }
    return { ...res, json };
  }

  /** Waits (up to 300 s: on a machine busy with other work the API takes minutes) until GET /api/health answers 200; fails early if one of `servers` exits. */
  async function waitHealthy(servers) {
    const deadline = Date.now() + 300_000;
    for (;;) {
      if (servers.some((c) => !alive(c))) throw new Error('the API or the workers exited during start-up');
      const status = await request('GET', '/api/health', { timeoutMs: 2000 }).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) return;
      if (Date.now() > deadline) throw new Error('GET /api/health did not answer 200 within 300 s (a machine busy with other work)');
      await sleep(250);
    }
  }

  /** Signs the seeded super admin in; returns the bearer token. */
  async function login() {
    const res = await request('POST', '/api/login', { body: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } });
    if ((res.status !== 200 && res.status !== 201) || !res.json?.token)
      throw new Error(`login failed: ${res.status} ${res.text.slice(0, 300)}`);
    return res.json.token;
  }

  /** The API (`api`, default dist/api/src/main.js) and the workers, healthy and signed in. */
  async function startServers({ api: apiEntry = 'dist/api/src/main.js', apiArgs = [], workersArgs = [], root: from = root } = {}) {
    if (await portAnswers(port)) throw new Error(`port ${port} is already in use on 127.0.0.1 (--port=N to pick another)`);
    const api = startServer('api', apiEntry, apiArgs, from);
    const workers = startServer('workers', 'dist/workers/src/main.js', workersArgs, from);
    await waitHealthy([api, workers]);
    return { api, workers, token: await login() };
  }

  /**
   * The usual start of a run: the server built (`build`: `{ force }` or false for a root built elsewhere), a fresh
   * database migrated (`leftoverAgeMs` as `createDatabase`'s), the API and the workers healthy and signed in
   * (`startServers`' answer).
   */
  async function freshServers({ build: buildOptions = {}, leftoverAgeMs = 0, ...startOptions } = {}) {
    if (buildOptions) build({ ...buildOptions, ifStale: true });
    await createDatabase({ leftoverAgeMs });
    migrate();
    return startServers(startOptions);
  }

  /** A client connected to the bench database, closed at clean-up. */
  async function connect() {
    const db = new pg.Client({ connectionString: dbUrl.toString() });
    await db.connect();
    hooks.push(() => db.end());
    return db;
  }
  /**
   * The usual start of a measured run (inside `run`): the watchdog at `minutes`, the other benchmarks running now
   * said (`others`, for the report), `freshServers` with the rest of the options (its answer), a client on the bench
   * database (`db`) and the PostgreSQL version (`pgVersion`).
   */
  async function startRun({ minutes, ...serverOptions }) {
    armWatchdog(minutes);
    const others = warnOtherBenches();
    const servers = await freshServers(serverOptions);
    const db = await connect();
    return { ...servers, others, db, pgVersion: await serverVersion() };
  }

  /** `call(method, path, body, expected)`: the answer's JSON as `token`, an error when its status is not `expected`. */
  const caller =
    (token, { timeoutMs = 60_000 } = {}) =>
    async (method, path, body, expected) => {
      const r = await request(method, path, { token, body, timeoutMs });
      if (expected && r.status !== expected) throw new Error(`${method} ${path}: ${r.status} ${r.text.slice(0, 300)}`);
      return r.json;
    };

  /** The PostgreSQL version the run measures on (its report names it). */
  const serverVersion = () => withAdmin(async (c) => (await c.query('SHOW server_version')).rows[0].server_version);

  /** PIDs of the PostgreSQL backends connected to the bench database now. */
  const backendPids = () =>
    withAdmin(
      async (c) => new Set((await c.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database])).rows.map((r) => r.pid)),
    );

  /**
   * Runs the benchmark: on failure says why (and whether the database was dropped under it), sets exit
   * code 1; always cleans up, then lets the process end (at most 2 s later) unless `exitAfterRun` is false: a
   * script that measures another build after this one (`--beside`) ends the process itself.
   */
  async function run(body) {
    try {
      await body();
    } catch (err) {
      if (cleaned) return; // interrupted (signal, watchdog): what fails next is the clean-up's doing
      console.error(`[bench] failed: ${err.stack ?? err}`);
      if (['57P01', '3D000'].includes(err.code) || /57P01|3D000|administrator command/.test(String(err.message))) {
        console.error(`[bench] database ${database} was dropped under the run by another process.`);
      }
      process.exitCode = 1;
    } finally {
      await cleanup();
    }
    if (exitAfterRun) setTimeout(() => process.exit(), 2000).unref();
  }

  return {
    pg,
    runId,
    database,
    dbUrl,
    adminUrl,
    redisUrl,
    baseUrl,
    env,
    tick: clockTick(),
    track: (child) => children.push(child),
    onCleanup: (hook) => hooks.push(hook),
    withAdmin,
    clearRedis,
    armWatchdog,
    build,
    createDatabase,
    migrate,
    startServer,
    stopServers,
    request,
    waitHealthy,
    login,
    startServers,
    freshServers,
    connect,
    startRun,
    caller,
    serverVersion,
    backendPids,
    cleanup,
    run,
  };
}

/**
 * Another revision to measure beside this checkout (`--beside=<rev>`, `--rev=<rev>`): a temporary `git worktree` of
 * `rev` under /tmp, with this checkout's node_modules linked in, its server built (npm run build:server); removed by
 * the hook it registers with `onCleanup` (unless `keep`). Answers its directory and commit.
 */
export function worktreeOf(rev, onCleanup, { keep = false } = {}) {
  const sha = spawnSync('git', ['rev-parse', '--verify', `${rev}^{commit}`], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  if (!sha) throw new Error(`unknown revision ${rev}`);
  const parent = mkdtempSync(join(os.tmpdir(), 'aforo-beside-'));
  const dir = join(parent, sha.slice(0, 10));
  const r = spawnSync('git', ['worktree', 'add', '--detach', dir, sha], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git worktree add failed: ${r.stderr}`);
  if (!keep)
    onCleanup(() => {
      spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT });
      rmSync(parent, { recursive: true, force: true });
    });
  for (const m of ['node_modules', 'api/node_modules', 'workers/node_modules'])
    if (existsSync(join(ROOT, m)) && !existsSync(join(dir, m))) symlinkSync(join(ROOT, m), join(dir, m));
  log(`building ${rev} (${sha.slice(0, 10)}) in ${dir}…`);
  const b = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: dir, stdio: 'inherit' });
  if (b.status !== 0) throw new Error(`npm run build:server failed for ${rev}`);
  return { dir, sha };
}

// ───────────────────────────────────────── docs/benchmarks.md ─────────────────────────────────────────

/** Rewrites only this script's section of `file` (between its `bench:<name>` markers), adding it if missing. */
export function writeSection(file, name, body) {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const section = `${start}\n${body}\n${end}`;
  let text = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '# Benchmarks\n\nEach benchmark is a script under `bench/` that prints its figures next to the baseline it compares with,\n' +
      'both measured in the same run. Each section below holds the latest figures of one script and how to rerun it; a script\n' +
      'rewrites only its own section (between its `bench:<name>` markers).\n';
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i !== -1 && j > i) text = text.slice(0, i) + section + text.slice(j + end.length);
  else text = `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, text);
}

/** Writes this script's section of docs/benchmarks.md. */
export function writeBenchSection(name, body) {
  writeSection(join(ROOT, 'docs/benchmarks.md'), name, body);
  log(`docs/benchmarks.md updated (section ${name}).`);
}
