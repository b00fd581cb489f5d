#!/usr/bin/env node
// What one staff socket keeps in the server's heap (npm run bench:socket-memory; issue 30 §3); figures go to
// docs/benchmarks.md (its own section only).
//
// The API of this checkout (and, with --base=<dir>, of another built checkout, first, in the same run) on a fresh
// database: a V8 heap snapshot of the API process once it is healthy, then --sockets raw-WebSocket socket.io clients
// (bench/lib.mjs rawSocketIo, the super admin's token, each joined to the `users` room), then a second snapshot. Both
// snapshots are read here and compared by what V8 calls each object (its constructor, or its kind for arrays,
// closures, strings, contexts…): the growth per socket, in bytes of the objects themselves and in objects. A snapshot
// is taken after a full garbage collection, so only what the sockets keep alive is counted. `bench:scale` measures the
// process's RSS growth at 5,000 and 10,000 sockets; this says which objects make it up, and where a change went.
//
// Flags: --sockets=2000 --base=<dir> (another checkout, built: npm run build:server there) --top=16 --port=3295 --no-write
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawnSync } from 'node:child_process';
import { createBenchEnv, fmtInt, log, machineInfo, rawSocketIo, readFlags, ROOT, table, writeBenchSection } from './lib.mjs';

const { int, flags } = readFlags(process.argv.slice(2), ['sockets', 'base', 'top', 'port', 'no-write']);
const opts = {
  sockets: int('sockets', 2000, 10, 20_000),
  top: int('top', 16, 1, 100),
  port: int('port', 3295, 1024, 65535),
  base: typeof flags.base === 'string' ? flags.base : null,
  write: !flags['no-write'],
};

/** Self size and count per object name (constructor or kind) of a .heapsnapshot file. */
function readSnapshot(file) {
  const snap = JSON.parse(readFileSync(file, 'utf8'));
  const { node_fields: fields, node_types: nodeTypes } = snap.snapshot.meta;
  const kinds = nodeTypes[0];
  const [ti, ni, si] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const named = new Set(['object', 'native']);
  const bytes = new Map();
  const count = new Map();
  const { nodes, strings } = snap;
  for (let i = 0; i < nodes.length; i += fields.length) {
    const kind = kinds[nodes[i + ti]];
    const key = named.has(kind) ? `${strings[nodes[i + ni]].slice(0, 48)}` : `(${kind})`;
    bytes.set(key, (bytes.get(key) ?? 0) + nodes[i + si]);
    count.set(key, (count.get(key) ?? 0) + 1);
  }
  return { bytes, count };
}

/** Takes a snapshot of `pid` (started with --heapsnapshot-signal=SIGUSR2) and answers its file once written. */
async function snapshot(pid, dir) {
  const before = new Set(readdirSync(dir));
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 600; i += 1) {
    await sleep(250);
    const fresh = readdirSync(dir).filter((f) => !before.has(f) && f.endsWith('.heapsnapshot'));
    // The file is written in one go; its size stops changing when done.
    if (fresh.length) {
      const file = join(dir, fresh[0]);
      const a = spawnSync('stat', ['-c', '%s', file], { encoding: 'utf8' }).stdout;
      await sleep(500);
      if (spawnSync('stat', ['-c', '%s', file], { encoding: 'utf8' }).stdout === a && Number(a) > 0) return file;
    }
  }
  throw new Error('no heap snapshot within 150 s');
}

/** One build: fresh database, API and workers, snapshot, sockets, snapshot. Answers the growth per socket by name. */
async function measure(root, label) {
  const dir = mkdtempSync(join(os.tmpdir(), 'aforo-bench-heap-'));
  const bench = await createBenchEnv({
    prefix: 'aforo_bench_sockmem_',
    root,
    port: opts.port,
    extraEnv: { NODE_OPTIONS: `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${dir}` },
  });
  let result = null;
  // Not bench.run(): it ends the process once its body is done, and a --base run measures two builds in one process.
  try {
    const { api, token } = await bench.freshServers({ build: false, root });
    await sleep(2000);
    const first = readSnapshot(await snapshot(api.pid, dir));
    const sockets = [];
    for (let i = 0; i < opts.sockets; i += 1) {
      await new Promise((resolve, reject) => {
        sockets.push(rawSocketIo(bench.baseUrl, token, { room: 'users', onEvent: () => {}, onReady: resolve, onFail: reject }));
      });
    }
    log(`${label}: ${fmtInt(opts.sockets)} sockets joined 'users'`);
    await sleep(3000);
    const second = readSnapshot(await snapshot(api.pid, dir));
    const growth = new Map();
    for (const [key, b] of second.bytes) {
      const d = b - (first.bytes.get(key) ?? 0);
      const n = (second.count.get(key) ?? 0) - (first.count.get(key) ?? 0);
      if (d !== 0 || n !== 0) growth.set(key, { bytes: d / opts.sockets, objects: n / opts.sockets });
    }
    result = growth;
    for (const s of sockets) s.disconnect();
  } finally {
    await bench.cleanup();
  }
  rmSync(dir, { recursive: true, force: true });
  if (!result) throw new Error(`${label}: not measured`);
  return result;
}

const gitShort = (root) => spawnSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
const builds = [
  ...(opts.base ? [{ root: opts.base, label: `base ${gitShort(opts.base)}` }] : []),
  { root: ROOT, label: `this build ${gitShort(ROOT)}` },
];
const results = [];
for (const b of builds) results.push({ ...b, growth: await measure(b.root, b.label) });

const total = (g) => [...g.values()].reduce((s, v) => s + v.bytes, 0);
const last = results[results.length - 1].growth;
const keys = [...new Set(results.flatMap((r) => [...r.growth.keys()]))]
  .sort(
    (a, b) => Math.max(...results.map((r) => r.growth.get(b)?.bytes ?? 0)) - Math.max(...results.map((r) => r.growth.get(a)?.bytes ?? 0)),
  )
  .slice(0, opts.top);
const cell = (g, k) => {
  const v = g.get(k);
  return v ? `${fmtInt(v.bytes)} B (${v.objects.toFixed(2)})` : '—';
};
const rows = [
  ['**all objects**', ...results.map((r) => `**${fmtInt(total(r.growth))} B**`)],
  ...keys.map((k) => [`\`${k}\``, ...results.map((r) => cell(r.growth, k))]),
];
const m = machineInfo();
const body = [
  '## What one staff socket keeps in the heap (`npm run bench:socket-memory`)',
  '',
  `Heap snapshots of the API process (\`npm start\` shape) before and after ${fmtInt(opts.sockets)} raw-WebSocket socket.io`,
  "clients joined the `users` room with the super admin's token; growth per socket by what V8 names each object",
  '(constructor, or kind in parentheses), in bytes of the objects themselves (objects per socket in brackets). A snapshot',
  'follows a full garbage collection: what is counted is what the sockets keep alive. The raw clients send few headers;',
  "a browser's (user agent, cookies, languages) make anything that keeps the upgrade request larger.",
  '',
  '```sh',
  'npm run bench:socket-memory   # node bench/socket-memory.mjs --sockets=2000 [--base=<built checkout>]',
  '```',
  '',
  `Latest run: ${new Date().toISOString().slice(0, 19)}Z — ${m.nproc} cores (${m.model}), ${m.memGb} GB RAM, Node ${m.node}.`,
  '',
  table(['per socket', ...results.map((r) => `**${r.label}**`)], rows, ['---', ...results.map(() => '---:')]),
  '',
  results.length > 1
    ? `Total per socket: ${results.map((r) => `${r.label} ${fmtInt(total(r.growth))} B`).join(', ')}.`
    : `Total per socket: ${fmtInt(total(last))} B.`,
].join('\n');
console.log(body);
if (opts.write) writeBenchSection('socket-memory', body);
process.exit(0);
