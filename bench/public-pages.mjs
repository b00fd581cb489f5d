#!/usr/bin/env node
// Public pages on a phone: bytes of JavaScript transferred and Largest Contentful Paint of /eventos and
// one event page (npm run bench:public); figures go to docs/benchmarks.md (its own section only).
//
// Aforo runs as `npm start` runs it (scripts/start.mjs --no-build: the built web app, API and workers on
// one port) on a fresh database with the demo data (--seed-demo), on 127.0.0.1. Chromium (/usr/bin/chromium)
// opens each page at 360 × 740 px with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), a cold
// cache and a new context per run. Side by side in one run: the browser as it is (Accept-Encoding: br,
// gzip → the precompressed files) and the same browser asking for no compression (Accept-Encoding:
// identity, the old way the files went out). For each: JS bytes on the wire (CDP encodedDataLength of
// every script), how many times GET /api/public/eventos was fetched, and LCP (PerformanceObserver
// 'largest-contentful-paint', read once the page is idle). The median of --runs is reported.
//
// Flags: --runs=5 --port=3297 --cpu=4 --build (rebuild everything first) --no-write (leave the docs alone).
/* global window */
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { chromium } from 'playwright';
import { chromiumLaunchOptions, fmt, machineInfo, median, readFlags, ROOT, writeSection } from './lib.mjs';

const { flags: args } = readFlags(process.argv.slice(2));
const RUNS = Number(args.runs ?? 5);
const PORT = Number(args.port ?? 3297);
const CPU = Number(args.cpu ?? 4);
const BASE = `http://127.0.0.1:${PORT}`;
const VIEWPORT = { width: 360, height: 740 };
const LCP_TARGET_MS = 2500;
const JS_TARGET_BYTES = 100 * 1024;

const log = (m) => console.log(`[bench:public] ${m}`);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (args.build) spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `aforo_bench_public_${Date.now()}`;
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${database}`;
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: dbUrl.toString(),
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  REDIS_PREFIX: database,
  PORT: String(PORT),
  ADMIN_EMAIL: 'admin@aforo.local',
  ADMIN_PASSWORD: 'aforo-admin-2026',
  JWT_SECRET: 'bench-public-pages-secret-bench-public-pages',
  LOG_LEVEL: 'warn',
};

async function admin(sql) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

let server = null;
async function stop() {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await Promise.race([new Promise((r) => server.once('exit', r)), sleep(10_000)]);
  }
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
}
const watchdog = setTimeout(() => {
  console.error('[bench:public] more than 15 min: stopping');
  void stop().then(() => process.exit(1));
}, 15 * 60_000);
watchdog.unref();

/** One cold visit: JS bytes on the wire, /api/public/eventos fetches, LCP (ms). */
async function visit(browser, path, encoding) {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    locale: 'es-MX',
    timezoneId: 'America/Monterrey',
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(() => {
    window.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (encoding === 'identity') await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  const scripts = new Map();
  let listFetches = 0;
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') {
      const header = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding');
      scripts.set(e.requestId, { url: e.response.url, encoding: header?.[1] ?? 'identity', bytes: 0 });
    }
    if (new URL(e.response.url).pathname === '/api/public/eventos') listFetches++;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const s = scripts.get(e.requestId);
    if (s) s.bytes = e.encodedDataLength;
  });
  await page.goto(BASE + path, { waitUntil: 'networkidle' });
  await sleep(1000);
  // LCP stops updating at the first input; read it as the page left it.
  const lcp = await page.evaluate(() => window.__lcp);
  await context.close();
  const list = [...scripts.values()];
  return {
    jsBytes: list.reduce((a, s) => a + s.bytes, 0),
    scripts: list.length,
    encodings: [...new Set(list.map((s) => s.encoding))].join('+'),
    listFetches,
    lcp,
  };
}

const startLoad = os.loadavg()[0];

async function main() {
  log(`fresh database ${database}; migrating and loading the demo data…`);
  await admin(`CREATE DATABASE ${database}`);
  const seed = spawnSync(process.execPath, [join(ROOT, 'scripts/start.mjs'), '--no-build', '--seed-demo'], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  });
  if (seed.status !== 0) throw new Error('seed-demo failed');
  server = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs'), '--no-build'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    await sleep(200);
  }
  const { events } = await (await fetch(`${BASE}/api/public/eventos`)).json();
  const slug = events.find((e) => !e.is_featured)?.slug ?? events[0].slug;
  const pages = ['/eventos', `/eventos/${slug}`];

  const browser = await chromium.launch(chromiumLaunchOptions());
  const results = [];
  try {
    // One unmeasured visit warms the server (first queries, file cache).
    await visit(browser, '/eventos', 'br');
    for (const path of pages) {
      for (const encoding of ['br', 'identity']) {
        const runs = [];
        // A visit with no LCP entry (none reported before the read) is retried, at most twice per row.
        for (let i = 0, retries = 0; i < RUNS;) {
          const run = await visit(browser, path, encoding);
          if (run.lcp > 0 || retries++ >= 2) {
            runs.push(run);
            i++;
          }
        }
        const r = {
          path: path.startsWith('/eventos/') ? '/eventos/{slug}' : path,
          encoding,
          jsBytes: median(runs.map((x) => x.jsBytes)),
          scripts: runs[0].scripts,
          encodings: runs[0].encodings,
          listFetches: Math.max(...runs.map((x) => x.listFetches)),
          lcp: median(runs.map((x) => x.lcp).filter((v) => v > 0)),
          lcpMax: Math.max(...runs.map((x) => x.lcp)),
        };
        results.push(r);
        log(
          `${r.path} (${encoding === 'br' ? 'Accept-Encoding: br, gzip' : 'Accept-Encoding: identity'}): JS ${kb(r.jsBytes)} on the wire in ${r.scripts} file(s) [${r.encodings}], GET /api/public/eventos ×${r.listFetches}, LCP median ${fmt(r.lcp)} (max ${fmt(r.lcpMax)})`,
        );
      }
    }
  } finally {
    await browser.close();
    await stop();
  }

  const m = machineInfo();
  const load = startLoad.toFixed(1);
  const landing = results.find((r) => r.path === '/eventos' && r.encoding === 'br');
  const verdict = `Targets: ≤ ${kb(JS_TARGET_BYTES)} of JavaScript for /eventos — ${landing.jsBytes <= JS_TARGET_BYTES ? 'met' : 'NOT met'} (${kb(landing.jsBytes)}); LCP ≤ ${fmt(LCP_TARGET_MS)} at 360 px with the CPU slowed ${CPU}× — ${results.filter((r) => r.encoding === 'br').every((r) => r.lcp <= LCP_TARGET_MS) ? 'met' : 'NOT met'}.`;
  log(verdict);
  if (args['no-write']) return;
  const rows = results
    .map(
      (r) =>
        `| ${r.path} | ${r.encoding === 'br' ? 'br, gzip (as browsers ask)' : 'identity (baseline)'} | ${kb(r.jsBytes)} | ${r.scripts} | ${r.listFetches} | ${fmt(r.lcp)} | ${fmt(r.lcpMax)} |`,
    )
    .join('\n');
  writeSection(
    join(ROOT, 'docs/benchmarks.md'),
    'public-pages',
    `## Public pages on a phone (bench/public-pages.mjs)

\`\`\`
npm run bench:public           # node bench/public-pages.mjs --runs=5 (add --build to rebuild first)
\`\`\`

Aforo as \`npm start\` runs it (built web app, API and workers on one port, demo data), Chromium at 360 × 740 px with the
CPU slowed ${CPU}× (CDP \`Emulation.setCPUThrottlingRate\`), cold cache, a new context per visit; median of ${RUNS} visits
per row. Side by side in the same run: the browser as it is (it asks for br/gzip and gets the files compressed at build
time) and the same browser asking for no compression (how the files went out before). "JS" is every script's bytes on
the wire (CDP \`encodedDataLength\`, headers included).

Latest run: ${new Date().toISOString().slice(0, 10)}, ${m.model}, ${m.nproc} cores, Node ${m.node}, load average ${load} at the start (other work on the machine).
On 127.0.0.1 the bytes cost no time, so compression shows in the JS column, not in LCP; on a phone's network it is
~3.7× fewer bytes before the page can run.

| Page | Accept-Encoding | JS on the wire | Scripts | GET /api/public/eventos | LCP median | LCP max |
| --- | --- | --- | --- | --- | --- | --- |
${rows}

${verdict}

Before (issue 10, same machine): /eventos loaded one 413 KB script and 53 KB of CSS uncompressed, fetched
GET /api/public/eventos twice, LCP 1.4 s at 360 px and 3.2 s with the CPU slowed 4×. Since: the build writes .br and .gz
beside every text asset and the server picks br > gzip > identity (\`Vary: Accept-Encoding\`); the data router
(\`createBrowserRouter\`) gave way to the declarative one rendering the same route table, and the staff layout loads
with the staff screens; a room's first join no longer refetches the list the page has just loaded.`,
  );
}

main()
  .catch(async (err) => {
    console.error(err);
    await stop();
    process.exitCode = 1;
  })
  .finally(() => clearTimeout(watchdog));
