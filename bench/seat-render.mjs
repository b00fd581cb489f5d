#!/usr/bin/env node
// Seat map render time, the canvas renderer against a one-element-per-seat DOM version, side by side in
// one run (npm run bench:seats); figures go to docs/benchmarks.md (its own section only).
//
// A bench-only page (bench/seat-render/, built here with Vite into a temporary folder, never part of the
// product build) mounts either the product's <SeatMap> (web/src/components/seat-map) or DomSeatMap (one
// <button> per seat with its number and title tooltip). In Chromium with the CPU slowed 4× through CDP
// (Emulation.setCPUThrottlingRate), for 2,000 and 20,000 seats, each renderer is mounted --runs times
// (alternating, after one unmeasured warm-up each) with the whole map in view, and then re-laid out (the
// 'Organización de Secciones' field typed: '2,2' → '4' → '1,3' …). Measured in the page: the synchronous
// work (React render + canvas draw, or React + DOM style and layout) and the time until the next frame.
// The first draw is measured apart, each run in a fresh page: the map as the seating screen mounts it (560 px
// viewport, half the seats held) in a page that has rendered its shell but never run the map's code.
//
// The machine is shared: before each size the script waits (up to --wait-quiet s) for it to go quiet, and
// reports the minimum (the cost without interference) beside the median.
//
// Flags: --sizes=2000,20000 --runs=7 --throttle=4 --dpr=1 --wait-quiet=120 --no-write (leave the docs alone)
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readFile } from 'node:fs/promises';
import {
  chromiumLaunchOptions,
  fmt,
  machineBusy,
  machineInfo,
  median,
  pct,
  readFlags,
  ROOT,
  sortNum,
  waitQuiet,
  writeSection,
} from './lib.mjs';

const { flags: args } = readFlags(process.argv.slice(2));
const SIZES = String(args.sizes ?? '2000,20000')
  .split(',')
  .map(Number);
const RUNS = Number(args.runs ?? 7);
const THROTTLE = Number(args.throttle ?? 4);
const DPR = Number(args.dpr ?? 1);
const WAIT_QUIET = Number(args['wait-quiet'] ?? 120);
const TARGET_MS = 350;
const log = (...m) => console.log(`[bench:seats] ${m.join(' ')}`);

// ───────────── build the bench page (Vite, the web app's React plugin, the @shared alias) ─────────────
const outDir = mkdtempSync(join(os.tmpdir(), 'aforo-seat-bench-'));
const { build } = await import('vite');
const reactPlugin = (await import(pathToFileURL(createRequire(join(ROOT, 'web/package.json')).resolve('@vitejs/plugin-react')).href))
  .default;
log('building the bench page…');
await build({
  root: join(ROOT, 'bench/seat-render'),
  configFile: false,
  logLevel: 'warn',
  plugins: [reactPlugin()],
  resolve: { alias: { '@shared': join(ROOT, 'api/src/core') } },
  build: { outDir, emptyOutDir: true },
});

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = http.createServer(async (req, res) => {
  const path = join(outDir, new URL(req.url, 'http://x').pathname.replace(/\/$/, '/index.html'));
  try {
    const body = await readFile(path);
    res.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${server.address().port}/`;

// ───────────── measure ─────────────
const { chromium } = await import('playwright-core');
const browser = await chromium.launch(chromiumLaunchOptions());
const results = [];
const busy = [];
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: DPR });
  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  log(`CPU slowed ${THROTTLE}× (CDP Emulation.setCPUThrottlingRate), devicePixelRatio ${DPR}, ${RUNS} runs per case`);

  const LAYOUTS = ['4', '1,3', '3,1', '2,2', '1,1,2', '2,1,1'];
  for (const seats of SIZES) {
    if (WAIT_QUIET > 0) await waitQuiet(WAIT_QUIET, log, `${seats} seats`);
    const before = machineBusy(1000);
    const samples = {
      canvas: { mount: [], relayout: [], change: [], first: [] },
      dom: { mount: [], relayout: [], change: [], first: [] },
    };
    for (let run = -1; run < RUNS; run++) {
      for (const kind of run % 2 ? ['canvas', 'dom'] : ['dom', 'canvas']) {
        const mount = await page.evaluate(([k, n]) => globalThis.bench.mount(k, n), [kind, seats]);
        if (kind === 'dom' && run === -1) {
          const drawn = await page.evaluate(() => globalThis.bench.drawnSeats());
          if (drawn !== seats) throw new Error(`DOM version drew ${drawn} seats, not ${seats}`);
        }
        const relayout = await page.evaluate(
          ([k, n, l]) => globalThis.bench.relayout(k, n, l),
          [kind, seats, LAYOUTS[(run + 1) % LAYOUTS.length]],
        );
        if (run < 0) continue; // warm-up
        samples[kind].mount.push(mount);
        samples[kind].relayout.push(relayout);
      }
      process.stdout.write('.');
    }
    // Seat changes in a loop of their own (their big maps would otherwise leave garbage for the mounts above).
    for (let run = -1; run < RUNS; run++) {
      for (const kind of run % 2 ? ['canvas', 'dom'] : ['dom', 'canvas']) {
        const change = await page.evaluate(([k, n]) => globalThis.bench.seatChange(k, n), [kind, seats]);
        if (run >= 0) samples[kind].change.push(change);
      }
      process.stdout.write('.');
    }
    // First draw in a page that has just opened, as the seating screen shows the map: a fresh page (nothing of
    // the map's code run yet, the shell already rendered), a 560 px viewport, half the seats held.
    for (let run = 0; run < RUNS; run++) {
      for (const kind of run % 2 ? ['canvas', 'dom'] : ['dom', 'canvas']) {
        const fresh = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: DPR });
        try {
          await fresh.goto(url);
          await fresh.waitForSelector('body[data-ready="1"]');
          const freshCdp = await fresh.context().newCDPSession(fresh);
          await freshCdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
          await fresh.evaluate(() => globalThis.bench.shell());
          samples[kind].first.push(await fresh.evaluate(([k, n]) => globalThis.bench.mount(k, n, true), [kind, seats]));
        } finally {
          await fresh.close();
        }
      }
      process.stdout.write('.');
    }
    process.stdout.write('\n');
    busy.push(`${seats.toLocaleString('en-US')} seats: ${(await before).toFixed(0)} %`);
    for (const kind of ['canvas', 'dom']) {
      const s = samples[kind];
      const stat = (list, key) => {
        const sorted = sortNum(list.map((x) => x[key]));
        return { min: sorted[0], median: median(sorted), max: pct(sorted, 100) };
      };
      results.push({
        seats,
        kind,
        mountSync: stat(s.mount, 'sync'),
        mountFrame: stat(s.mount, 'frame'),
        relayoutSync: stat(s.relayout, 'sync'),
        relayoutFrame: stat(s.relayout, 'frame'),
        changeSync: stat(s.change, 'sync'),
        changeFrame: stat(s.change, 'frame'),
        firstSync: stat(s.first, 'sync'),
        firstFrame: stat(s.first, 'frame'),
      });
    }
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
} finally {
  await browser.close();
  server.close();
  rmSync(outDir, { recursive: true, force: true });
}

// ───────────── report ─────────────
const name = (k) => (k === 'canvas' ? 'canvas `<SeatMap>` (product)' : 'one `<button>` per seat (baseline)');
const mm = (x) => `${fmt(x.min)} / ${fmt(x.median)}`;
const row = (r) =>
  `| ${r.seats.toLocaleString('en-US')} | ${name(r.kind)} | ${mm(r.firstSync)} | ${mm(r.firstFrame)} | ${mm(r.mountSync)} | ${mm(r.mountFrame)} | ${mm(r.relayoutSync)} | ${mm(r.relayoutFrame)} | ${mm(r.changeSync)} | ${mm(r.changeFrame)} |`;
const big = results.find((r) => r.seats === Math.max(...SIZES) && r.kind === 'canvas');
const bigDom = results.find((r) => r.seats === Math.max(...SIZES) && r.kind === 'dom');
const m = machineInfo();
const markdown = [
  '## Seat map render: canvas renderer vs one element per seat (issues 11 and 13)',
  '',
  `\`npm run bench:seats\` (flags: \`--sizes=2000,20000 --runs=7 --throttle=4 --dpr=1 --no-write\`). Chromium with the CPU slowed ${THROTTLE}× through CDP`,
  '(`Emulation.setCPUThrottlingRate`); a bench-only page (`bench/seat-render/`, built by the script, never in the product build) mounts',
  "the product's `<SeatMap>` (`web/src/components/seat-map`, one canvas) or a baseline drawing one `<button>` per seat (number + title",
  "tooltip, flexbox). 2,000 seats = 2 sections of 20 × 50; 20,000 = 4 sections of 100 × 50, layout '2,2'.",
  '',
  '- *First draw*: the map as the seating screen shows it (a 560 px viewport the map scrolls in, half the seats held, colour and mark by',
  "  state), in **a page that has just opened**: a fresh page each run, the screen's shell (title, totals, legend) already rendered,",
  "  none of the map's code run before (its first run compiles it, builds the canvas and loads the fonts). This is what a user waits for.",
  '- *Mount*: the whole map in view (no viewport culling, every seat drawn: a 1280 × 2,400 px canvas at 20,000 seats), mounted again in a',
  "  page that has already drawn it. *Relayout*: the same map with a new `layout_config`, as when typing in 'Organización de Secciones'.",
  '  *Seat change*: a map half full gets one pushed seat change (a free seat becomes pendiente).',
  '',
  `*Sync*: React render plus canvas draw, or React plus DOM style and layout, timed in the page; *to frame*: until the next animation frame after it (paint included). ${RUNS} runs per case (alternating): **min / median** (the machine is shared with other work; the minimum is the cost without interference).`,
  '',
  '| seats | renderer | first draw, sync | first draw, to frame | mount, sync | mount, to frame | relayout, sync | relayout, to frame | seat change, sync | seat change, to frame |',
  '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...results.map(row),
  '',
  big
    ? `Target: 20,000 seats, first draw ≤ ${TARGET_MS} ms at 4× — canvas, page just opened, to frame: min ${fmt(big.firstFrame.min)}, median ${fmt(big.firstFrame.median)}, ` +
      `max ${fmt(big.firstFrame.max)}: **${big.firstFrame.median <= TARGET_MS ? 'met' : 'NOT met'}** (median); one element per seat: ${fmt(bigDom.firstFrame.median)} ` +
      `(${(bigDom.firstFrame.median / big.firstFrame.median).toFixed(0)}× longer). The whole map in view (every seat drawn) mounts in ${fmt(big.mountFrame.median)} to frame ` +
      `(median; **${big.mountFrame.median <= TARGET_MS ? 'within' : 'NOT within'}** ${TARGET_MS} ms), against ${fmt(bigDom.mountFrame.median)}. ` +
      `A relayout of the canvas at 20,000 seats is ${fmt(big.relayoutSync.min)} of work at ${THROTTLE}× ` +
      `(≈ ${fmt(big.relayoutSync.min / THROTTLE)} at full speed${big.relayoutSync.min / THROTTLE < 16.7 ? ', inside one 16.7 ms frame' : ''}; in the form the preview is at most 420 px high and draws only what is in view). ` +
      `A pushed seat change on the 20,000-seat map (issue 13): ${fmt(big.changeSync.median)} of work at ${THROTTLE}× (median; ≈ ${fmt(big.changeSync.median / THROTTLE)} at full speed: ` +
      `${big.changeSync.median / THROTTLE < 16.7 ? 'repainted within one 16.7 ms frame' : 'NOT within one frame'}), against ${fmt(bigDom.changeSync.median)} for one element per seat.`
    : '',
  '',
  "What moved the first draw: the section header's count was written with `toLocaleString('es-MX')`, which builds an ICU number",
  'formatter on every call; the first one in a page cost ≈ 90 ms at 4× (a CPU profile of the cold mount, CDP `Profiler` line ticks).',
  '`draw.ts` keeps one `Intl.NumberFormat` for the page; the first draw went from ≈ 420–560 ms to ≈ 280–350 ms.',
  '',
  `Machine: ${m.model}, ${m.nproc} cores, ${m.memGb} GB, Node ${m.node}; run ${new Date().toISOString().slice(0, 16)}Z, devicePixelRatio ${DPR}; ` +
    `machine busy as each size started (this bench included): ${busy.join(', ')}.`,
].join('\n');
console.log(`\n${markdown}\n`);
if (!args['no-write']) {
  writeSection(join(ROOT, 'docs/benchmarks.md'), 'seat-render', markdown);
  log('docs/benchmarks.md updated (section bench:seat-render).');
}
