#!/usr/bin/env node
// Public pages on a phone, this build beside a baseline build of another git ref, in one run
// (npm run bench:public): the JavaScript the browser downloads and Largest Contentful Paint of the citizens'
// pages. Figures go to docs/benchmarks.md (its own section only).
//
// Both builds run as `npm start` runs them (scripts/start.mjs --no-build: the built web app, API and workers
// on one port), each from its own tree on its own fresh database with the demo data (--seed-demo), on
// 127.0.0.1: this working tree, and the baseline ref checked out in a temporary git worktree (detached,
// sharing this tree's node_modules) and built there. Chromium (/usr/bin/chromium) opens each page at
// 360 × 740 px with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), a cold cache and a new context
// per visit, baseline and current taking turns. For each visit:
//   - JS: every JavaScript response in the network log (CDP Network.responseReceived, a script's resource
//     type or a JavaScript MIME type — <script>, <link rel=modulepreload> and import() alike), counted with
//     the bytes transferred (Network.loadingFinished encodedDataLength: compressed body and headers);
//   - LCP: PerformanceObserver 'largest-contentful-paint', read once the network is idle.
// The median of --runs visits is reported.
//
// Flags: --runs=5 --port=<n> (default: free ports picked by the system; the baseline uses port+1) --cpu=4 --baseline=<git ref> (default: the merge-base
// of HEAD with main, or HEAD's first parent when HEAD is on main) --no-baseline (this build only)
// --no-build (use this tree's dist as it is) --no-write (leave the docs alone) --shots=<dir> (also a full-page PNG
// of each page from each build at 360 and 1280 px, to compare by eye: <dir>/<build>-<page>-<width>.png).
/* global window */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { chromium } from 'playwright';
import { chromiumLaunchOptions, fmt, machineInfo, median, readFlags, ROOT, table, writeSection } from './lib.mjs';

const { flags: args, int } = readFlags(process.argv.slice(2), [
  'runs',
  'port',
  'cpu',
  'baseline',
  'no-baseline',
  'no-build',
  'no-write',
  'shots',
]);
const RUNS = int('runs', 5, 1, 50);
const PORT = args.port === undefined ? null : int('port', 3297, 1024, 65000);
const CPU = int('cpu', 4, 1, 20);
const VIEWPORT = { width: 360, height: 740 };
const LCP_TARGET_MS = 2000;
const JS_TARGET_BYTES = 90 * 1024;

const log = (m) => console.log(`[bench:public] ${m}`);
const kb = (bytes) => (Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(1)} KB` : '—');
const git = (...a) => {
  const r = spawnSync('git', a, { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${a.join(' ')}: ${r.stderr.trim()}`);
  return r.stdout.trim();
};

/** The baseline commit: --baseline, else the merge-base with main (HEAD's first parent when that is HEAD). */
function baselineCommit() {
  if (args.baseline) return git('rev-parse', '--verify', `${args.baseline}^{commit}`);
  const head = git('rev-parse', 'HEAD');
  const base = git('merge-base', 'HEAD', 'main');
  return base === head ? git('rev-parse', 'HEAD^1') : base;
}

function build(tree, label) {
  log(`building ${label} (${tree})…`);
  const r = spawnSync('npm', ['run', 'build'], { cwd: tree, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`npm run build failed in ${tree}`);
}

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
async function sql(text, url = adminUrl) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

/** One build's server: its tree, port, database; started with the demo data. */
function target(label, tree, port) {
  const database = `aforo_bpub_${label}_${Date.now()}`;
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${database}`;
  return {
    label,
    tree,
    base: `http://127.0.0.1:${port}`,
    database,
    dbUrl: dbUrl.toString(),
    server: null,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: database,
      PORT: String(port),
      ADMIN_EMAIL: 'admin@aforo.local',
      ADMIN_PASSWORD: 'aforo-admin-2026',
      JWT_SECRET: 'bench-public-pages-secret-bench-public-pages',
      LOG_LEVEL: 'warn',
    },
  };
}

/** A port nothing listens on now (the system picks it), for a server of this run. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startTarget(t) {
  log(`${t.label}: fresh database ${t.database}; migrating and loading the demo data…`);
  await sql(`CREATE DATABASE ${t.database}`);
  const seed = spawnSync(process.execPath, [join(t.tree, 'scripts/start.mjs'), '--no-build', '--seed-demo'], {
    cwd: t.tree,
    env: t.env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (seed.status !== 0) throw new Error(`seed-demo failed (${t.label})`);
  t.server = spawn(process.execPath, [join(t.tree, 'scripts/start.mjs'), '--no-build'], {
    cwd: t.tree,
    env: t.env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    // Our own server, not another one that holds the port.
    if (t.server.exitCode !== null) throw new Error(`${t.label}: the server exited (${t.server.exitCode}); is ${t.base} taken?`);
    try {
      if ((await fetch(`${t.base}/api/health`)).ok) return;
    } catch {
      /* not yet */
    }
    await sleep(200);
  }
  throw new Error(`${t.label}: the server did not answer /api/health`);
}

async function stopTarget(t) {
  if (t.server && t.server.exitCode === null) {
    t.server.kill('SIGTERM');
    await Promise.race([new Promise((r) => t.server.once('exit', r)), sleep(10_000)]);
  }
  await sql(`DROP DATABASE IF EXISTS ${t.database} WITH (FORCE)`).catch(() => undefined);
}

/** The public pages of the demo data (same data in both databases: the seed is deterministic in shape). */
async function publicPages(t) {
  const { events } = await (await fetch(`${t.base}/api/public/eventos`)).json();
  if (!events?.length) throw new Error(`${t.base}/api/public/eventos lists no events: the demo data is missing`);
  const slug = events.find((e) => !e.is_featured)?.slug ?? events[0].slug;
  const [program] = await sql(`SELECT slug FROM programas WHERE status = 'published' ORDER BY id LIMIT 1`, t.dbUrl);
  const [internal] = await sql(`SELECT slug FROM eventos_internos WHERE estado = 'confirmado' ORDER BY id LIMIT 1`, t.dbUrl);
  return [
    { name: '/eventos', path: '/eventos' },
    { name: '/eventos/{slug}', path: `/eventos/${slug}` },
    program && { name: '/programas/{slug}', path: `/programas/${program.slug}` },
    internal && { name: '/evento-interno/{slug}', path: `/evento-interno/${internal.slug}` },
    { name: '/aviso-de-privacidad', path: '/aviso-de-privacidad' },
  ].filter(Boolean);
}

/** One cold visit: every JS response (bytes transferred), LCP (ms) and its element. */
async function visit(browser, url) {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    locale: 'es-MX',
    timezoneId: 'America/Monterrey',
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(() => {
    window.__lcp = { t: 0, el: '' };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const el = entry.element;
        window.__lcp = {
          t: entry.startTime,
          el: el ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}` : '',
        };
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  const scripts = new Map();
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script' || /javascript|ecmascript/i.test(e.response.mimeType)) {
      const header = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding');
      scripts.set(e.requestId, { url: e.response.url, encoding: header?.[1] ?? 'identity', bytes: 0 });
    }
  });
  cdp.on('Network.loadingFinished', (e) => {
    const s = scripts.get(e.requestId);
    if (s) s.bytes = e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await sleep(1000);
  // LCP stops updating at the first input; read it as the page left it.
  const lcp = await page.evaluate(() => window.__lcp);
  await context.close();
  const list = [...scripts.values()];
  return {
    jsBytes: list.reduce((a, s) => a + s.bytes, 0),
    files: list.length,
    encodings: [...new Set(list.map((s) => s.encoding))].join('+'),
    lcp: lcp.t,
    lcpElement: lcp.el,
  };
}

/** Full-page PNGs of every page from every build, at 360 and 1280 px (no CPU slow-down). */
async function screenshots(browser, pages, dir) {
  mkdirSync(dir, { recursive: true });
  for (const t of targets) {
    for (const page of pages) {
      for (const width of [360, 1280]) {
        const context = await browser.newContext({
          viewport: { width, height: width === 360 ? 740 : 800 },
          locale: 'es-MX',
          timezoneId: 'America/Monterrey',
        });
        const tab = await context.newPage();
        await tab.goto(t.base + page.path, { waitUntil: 'networkidle' });
        await sleep(500);
        const name =
          page.name
            .replace(/[{}]/g, '')
            .replace(/^\/|\/$/g, '')
            .replace(/\//g, '_') || 'root';
        await tab.screenshot({ path: join(dir, `${t.label}-${name}-${width}.png`), fullPage: true, animations: 'disabled' });
        await context.close();
      }
    }
  }
  log(`screenshots in ${dir}`);
}

const startLoad = os.loadavg()[0];
const targets = [];
let worktree = null;

async function cleanUp() {
  for (const t of targets) await stopTarget(t);
  if (worktree) {
    spawnSync('git', ['worktree', 'remove', '--force', worktree], { cwd: ROOT });
    rmSync(worktree, { recursive: true, force: true });
    worktree = null;
  }
}
const watchdog = setTimeout(() => {
  console.error('[bench:public] more than 25 min: stopping');
  void cleanUp().then(() => process.exit(1));
}, 25 * 60_000);
watchdog.unref();
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void cleanUp().then(() => process.exit(130)));

async function main() {
  const head = git('rev-parse', '--short', 'HEAD');
  const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
  const current = target('current', ROOT, PORT ?? (await freePort()));
  current.name = `this tree (${head}${dirty ? ' + uncommitted changes' : ''})`;
  targets.push(current);
  if (!args['no-build']) build(ROOT, 'this tree');
  if (!args['no-baseline']) {
    const commit = baselineCommit();
    worktree = mkdtempSync(join(os.tmpdir(), 'aforo-bench-baseline-'));
    git('worktree', 'add', '--detach', worktree, commit);
    for (const dir of ['node_modules', 'web/node_modules']) {
      if (existsSync(join(ROOT, dir))) symlinkSync(join(ROOT, dir), join(worktree, dir), 'dir');
    }
    build(worktree, `baseline ${commit.slice(0, 7)}`);
    const baseline = target('baseline', worktree, PORT ? PORT + 1 : await freePort());
    baseline.name = `baseline (${commit.slice(0, 7)}${args.baseline ? `, ${args.baseline}` : ', merge-base with main'})`;
    targets.unshift(baseline);
  }
  for (const t of targets) await startTarget(t);
  const pages = await publicPages(current);

  const browser = await chromium.launch(chromiumLaunchOptions());
  const runs = new Map(); // `${page}|${label}` → visits
  try {
    // One unmeasured visit per server warms it (first queries, file cache).
    for (const t of targets) await visit(browser, `${t.base}/eventos`);
    for (let i = 0; i < RUNS; i++) {
      for (const page of pages) {
        // Baseline and current take turns, the first one alternating, so drift in the machine's load is shared.
        const order = i % 2 === 0 ? targets : [...targets].reverse();
        for (const t of order) {
          let v = await visit(browser, t.base + page.path);
          // A visit with no LCP entry (none reported before the read) is retried once.
          if (!(v.lcp > 0)) v = await visit(browser, t.base + page.path);
          const key = `${page.name}|${t.label}`;
          runs.set(key, [...(runs.get(key) ?? []), v]);
        }
      }
      log(`run ${i + 1}/${RUNS} done`);
    }
    if (args.shots) await screenshots(browser, pages, String(args.shots));
  } finally {
    await browser.close();
    await cleanUp();
  }

  const results = pages.map((page) => {
    const row = { page: page.name };
    for (const t of targets) {
      const vs = runs.get(`${page.name}|${t.label}`);
      row[t.label] = {
        jsBytes: median(vs.map((v) => v.jsBytes)),
        files: median(vs.map((v) => v.files)),
        encodings: vs[0].encodings,
        lcp: median(vs.map((v) => v.lcp).filter((x) => x > 0)),
        lcpMax: Math.max(...vs.map((v) => v.lcp)),
        lcpElement:
          vs
            .map((v) => v.lcpElement)
            .sort()
            .find(Boolean) ?? '',
      };
    }
    return row;
  });
  const hasBase = targets.length === 2;
  const head_ = [
    'Page',
    ...(hasBase ? ['JS baseline'] : []),
    'JS now',
    ...(hasBase ? ['LCP baseline'] : []),
    'LCP now',
    'LCP max now',
    hasBase ? 'LCP element (baseline / now)' : 'LCP element',
  ];
  const rows = results.map((r) => [
    r.page,
    ...(hasBase ? [`${kb(r.baseline.jsBytes)} (${r.baseline.files} files)`] : []),
    `${kb(r.current.jsBytes)} (${r.current.files} files, ${r.current.encodings})`,
    ...(hasBase ? [fmt(r.baseline.lcp)] : []),
    fmt(r.current.lcp),
    fmt(r.current.lcpMax),
    [...(hasBase ? [r.baseline.lcpElement] : []), r.current.lcpElement].map((e) => (e ? `\`${e}\`` : '—')).join(' / '),
  ]);
  const out = table(head_, rows);
  for (const t of targets) log(`${t.label}: ${t.name}`);
  console.log(out);
  const landing = results.find((r) => r.page === '/eventos').current;
  const verdict = `Targets for /eventos: ≤ ${kb(JS_TARGET_BYTES)} of JavaScript — ${landing.jsBytes <= JS_TARGET_BYTES ? 'met' : 'NOT met'} (${kb(landing.jsBytes)}); LCP ≤ ${fmt(LCP_TARGET_MS)} at 360 px with the CPU slowed ${CPU}× — ${landing.lcp <= LCP_TARGET_MS ? 'met' : 'NOT met'} (${fmt(landing.lcp)}).`;
  log(verdict);
  if (args['no-write']) return;
  const m = machineInfo();
  writeSection(
    join(ROOT, 'docs/benchmarks.md'),
    'public-pages',
    `## Public pages on a phone (bench/public-pages.mjs)

\`\`\`
npm run bench:public                      # this tree beside the merge-base with main, 5 visits per page and build
npm run bench:public -- --baseline=HEAD~3 # beside another ref (built in a temporary git worktree)
\`\`\`

Both builds as \`npm start\` runs them (built web app, API and workers on one port, each on its own fresh database with
the demo data), measured in the same run, taking turns: Chromium at 360 × 740 px with the CPU slowed ${CPU}× (CDP
\`Emulation.setCPUThrottlingRate\`), cold cache, a new context per visit; median of ${RUNS} visits per cell. "JS" is what the
browser downloads: every JavaScript response in its network log (\`<script>\`, \`<link rel=modulepreload>\`, \`import()\`),
bytes transferred (CDP \`encodedDataLength\`: compressed body and headers). LCP is read once the network is idle.

Latest run: ${new Date().toISOString().slice(0, 10)}, ${m.model}, ${m.nproc} cores, Node ${m.node}, load average ${startLoad.toFixed(1)} at the start (other work on the machine).
${targets.map((t) => `${t.label}: ${t.name}.`).join(' ')}

${out}

${verdict}`,
  );
}

main()
  .catch(async (err) => {
    console.error(err);
    await cleanUp();
    process.exitCode = 1;
  })
  .finally(() => clearTimeout(watchdog));
