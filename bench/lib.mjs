// What the bench/*.mjs scripts share: percentiles and formats, CPU from /proc, waiting for a quiet
// machine and for other benchmarks, the in-process V8 profiler, and each script's own section of
// docs/benchmarks.md.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { basename } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

// ───────────────────────────────────────── figures ─────────────────────────────────────────

/** The p-th percentile of an ascending array (nearest rank). */
export const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : NaN;
export const sortNum = (a) => Float64Array.from(a).sort();
export const median = (a) => pct(sortNum(a), 50);
export const fmt = (ms) => (Number.isFinite(ms) ? (Math.abs(ms) >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`) : '—');
export const fmtPct = (v) => (Number.isFinite(v) ? `${v.toFixed(0)} %` : '—');
export const fmtInt = (v) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : '—');

// ───────────────────────────────────────── the machine ─────────────────────────────────────────

export function machineInfo() {
  const cpuinfo = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
  return { nproc: os.availableParallelism(), model, node: process.version, memGb: (os.totalmem() / 2 ** 30).toFixed(0) };
}

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

// ───────────────────────────────────────── profiling ─────────────────────────────────────────

/**
 * Loaded into a server with `--import` when a bench profiles it: SIGWINCH starts the V8 sampling
 * profiler in-process (Nest's shutdown hooks take SIGUSR2), the next SIGWINCH stops it and writes the
 * profile to $BENCH_PROFILE_FILE.<n>.cpuprofile.
 */
export const profilerPreload = (intervalUs) =>
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
    if (!err) writeFileSync(process.env.BENCH_PROFILE_FILE + '.' + n++ + '.cpuprofile', JSON.stringify(res.profile));
  });
});
`)}`;

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
