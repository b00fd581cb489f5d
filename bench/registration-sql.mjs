#!/usr/bin/env node
// What the public registration batch costs PostgreSQL, the function alone (npm run bench:registration-sql; issue 30 §1).
//
// `register_external_batch` — the one statement of a registration burst — called from one connection in batches of
// a given size, on the SQL functions of this checkout and of another revision (--beside, built in a temporary
// `git worktree`), each migrated into its own database. Runs alternate between the two (A B, B A, …), each on a new
// published event: the backend's CPU per registration (/proc utime+stime of the connection's backend, which a busy
// machine changes least) and, with `track_functions`, the time in `queue_mails` per registration. No API, no
// workers: what changed in the SQL, apart from the HTTP stack and the relay, which `bench:registration-cost` measures
// together.
//
// Each database starts as months of use leave it, analysed: --prefill messages in `correos` (default 50,000) and
// --suppressed addresses on the opposition list (default 2,000). PostgreSQL plans by its statistics, and empty tables
// hid what used ones show (queue_mails planned again at every call).
//
// Flags: --beside=<git rev> (required) --batches=6,30 --n=3000 (registrations per run) --rounds=3 --prefill=50000
// --suppressed=2000 --no-write --keep-worktree
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import {
  clockTick,
  fmtInt,
  latestRunLine,
  log,
  median,
  readFlags,
  ROOT,
  table,
  withClient,
  worktreeOf,
  writeBenchSection,
} from './lib.mjs';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** CPU (ms) of a PostgreSQL backend so far. */
function backendCpuMs(pid, tick) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / tick;
}

/** A database migrated by `root`'s build (its migrations and its SQL functions). */
function migratedDatabase(root, name) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const r = spawnSync(process.execPath, [join(root, 'dist/api/src/cli.js'), 'migrate'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url.toString() },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`migrate failed in ${root}:\n${r.stdout}\n${r.stderr}`);
  return url.toString();
}

const registration = (run, k, i) => ({
  nombre: 'JOSÉ',
  apellido_paterno: 'GARZA',
  apellido_materno: 'PEÑA',
  fecha_nacimiento: '1990-05-17',
  phone: '5512345678',
  email: `sql-${run}-${k}-${i}@bench.aforo.local`,
  empresa: 'ACME',
  tipo_participante: 'Empresario',
  actor_id: null,
  ip: '127.0.0.1',
  aviso_version: null,
});

/** One run: `n` registrations in batches of `size` on a new event; µs of backend CPU and of queue_mails per registration. */
async function measure(client, pid, tick, { run, size, n }) {
  const slug = `bench-sql-${run}`;
  await client.query(
    `INSERT INTO external_events (title, description, event_date, location, max_attendees, status, slug)
     VALUES ('Concierto en la Macroplaza', 'Banco de pruebas', now() + interval '10 days', 'Macroplaza, Monterrey', 1000000, 'published', $1)`,
    [slug],
  );
  const call = (k) =>
    client.query({
      name: 'bench_batch',
      text: 'SELECT count(*) FROM register_external_batch($1, $2::jsonb)',
      values: [slug, JSON.stringify(Array.from({ length: size }, (_, i) => registration(run, k, i)))],
    });
  for (let k = 0; k < 10; k += 1) await call(-1 - k); // warm-up: plans, caches
  const calls = Math.ceil(n / size);
  const cpu0 = backendCpuMs(pid, tick);
  const t0 = performance.now();
  for (let k = 0; k < calls; k += 1) await call(k); // each batch its own transaction, as from the API
  const cpuMs = backendCpuMs(pid, tick) - cpu0;
  const wallMs = performance.now() - t0;
  // Then a few more with their function calls tracked: the time inside queue_mails. The backend's pending figures
  // (pg_stat_xact_user_functions) add up until they are flushed, so each call counts as the change around it.
  const inQueueMails = async () =>
    (await client.query(`SELECT coalesce(sum(self_time), 0)::float8 AS ms FROM pg_stat_xact_user_functions WHERE funcname = 'queue_mails'`))
      .rows[0].ms;
  let queueMailsMs = 0;
  const tracked = Math.min(calls, 50);
  for (let k = 0; k < tracked; k += 1) {
    await client.query('BEGIN');
    await client.query(`SET LOCAL track_functions = 'all'`);
    const before = await inQueueMails();
    await call(calls + k);
    queueMailsMs += (await inQueueMails()) - before;
    await client.query('COMMIT');
  }
  return {
    cpuUs: (cpuMs * 1000) / (calls * size),
    wallUs: (wallMs * 1000) / (calls * size),
    queueMailsUs: (queueMailsMs * 1000) / (tracked * size),
  };
}

const { flags, int } = readFlags(process.argv.slice(2), [
  'beside',
  'batches',
  'n',
  'rounds',
  'prefill',
  'suppressed',
  'no-write',
  'keep-worktree',
]);
if (typeof flags.beside !== 'string') throw new Error('--beside=<git rev> is required');
const n = int('n', 3000, 100, 100_000);
const rounds = int('rounds', 3, 1, 9);
const prefill = int('prefill', 50_000, 0, 5_000_000);
const suppressed = int('suppressed', 2000, 0, 1_000_000);
const sizes = String(flags.batches ?? '6,30')
  .split(',')
  .map(Number);
if (sizes.some((s) => !Number.isInteger(s) || s < 1 || s > 256)) throw new Error('--batches: integers in [1, 256]');

const cleanups = [];
const runId = Date.now();
const databases = [];
try {
  log('building this checkout…');
  const b = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
  if (b.status !== 0) throw new Error('npm run build:server failed');
  const other = worktreeOf(flags.beside, (f) => cleanups.push(f), { keep: flags['keep-worktree'] === true });
  const builds = [
    { label: 'this checkout', root: ROOT },
    { label: `${flags.beside} (${other.sha.slice(0, 10)})`, root: other.dir },
  ];
  const { default: pg } = await import('pg');
  const tick = clockTick();
  let pgVersion = '';
  for (const [i, build] of builds.entries()) {
    const name = `aforo_bench_sql_${runId}_${i}`;
    await withClient(ADMIN_URL, (c) => c.query(`CREATE DATABASE ${name}`));
    databases.push(name);
    build.client = new pg.Client({ connectionString: migratedDatabase(build.root, name) });
    await build.client.connect();
    const { rows } = await build.client.query(`SELECT pg_backend_pid() AS pid, current_setting('server_version') AS version`);
    build.pid = rows[0].pid;
    pgVersion = rows[0].version;
    // A table of messages as months of use leave it: PostgreSQL plans by its statistics (an empty `correos` made
    // queue_mails's generic plan look as cheap as a custom one; a full one did not, and it was planned at every call).
    await build.client.query(
      `INSERT INTO correos (idempotency_key, template, to_email, to_name, data, ref_type, ref_id, status, created_at, updated_at, sent_at)
       SELECT 'bench-prefill:' || g, 'registro.confirmacion', 'persona' || g || '@bench.aforo.local', 'JOSÉ GARZA PEÑA',
              jsonb_build_object('registro_id', g, 'codigo', 'ACDEFGHJ'), 'evento-externo', 1, 'stored',
              now() - interval '30 days', now() - interval '30 days', now() - interval '30 days'
         FROM generate_series(1, $1::int) g`,
      [prefill],
    );
    // And an opposition list as a city gathers it (ARCO oppositions, unsubscribes): with it, queue_mails's generic
    // plan looked dearer than a custom one for a few messages.
    await build.client.query(
      `INSERT INTO correo_supresiones (email, motivo) SELECT 'baja' || g || '@bench.aforo.local', 'baja' FROM generate_series(1, $1::int) g`,
      [suppressed],
    );
    await build.client.query('ANALYZE');
    build.runs = new Map(sizes.map((s) => [s, []]));
  }
  let run = 0;
  for (let round = 0; round < rounds; round += 1) {
    for (const size of sizes) {
      for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
        run += 1;
        const r = await measure(build.client, build.pid, tick, { run, size, n });
        build.runs.get(size).push(r);
        log(`round ${round + 1}/${rounds}, batches of ${size}, ${build.label}: ${r.cpuUs.toFixed(1)} µs of backend CPU per registration`);
      }
    }
  }
  const cell = (runs, key) => `**${median(runs.map((r) => r[key])).toFixed(1)}** (${runs.map((r) => r[key].toFixed(0)).join(' · ')})`;
  const rows = sizes.flatMap((size) =>
    builds.map((build) => [
      String(size),
      build.label,
      cell(build.runs.get(size), 'cpuUs'),
      cell(build.runs.get(size), 'queueMailsUs'),
      cell(build.runs.get(size), 'wallUs'),
    ]),
  );
  const ratios = sizes.map((size) => {
    const [a, b2] = builds.map((build) => median(build.runs.get(size).map((r) => r.cpuUs)));
    return `batches of ${size}: ${fmtInt((a / b2) * 100)} %`;
  });
  const body = [
    '## The registration batch in PostgreSQL, the function alone (`npm run bench:registration-sql`)',
    '',
    '`register_external_batch` called from one connection, on the SQL functions of this checkout and of another revision,',
    `each migrated into its own database holding ${fmtInt(prefill)} earlier messages and ${fmtInt(suppressed)} addresses on the`,
    "opposition list (analysed); runs alternated, each on a new published event. CPU of the connection's backend (/proc)",
    'and time inside `queue_mails` (`track_functions`), per registration: median (each run).',
    '',
    '```sh',
    `npm run bench:registration-sql -- --beside=${flags.beside} --batches=${sizes.join(',')} --n=${n} --rounds=${rounds} --prefill=${prefill} --suppressed=${suppressed}`,
    '```',
    '',
    latestRunLine(pgVersion, { with: 'PostgreSQL' }),
    '',
    table(['Batch size', 'Build', 'Backend CPU per registration (µs)', 'In queue_mails (µs)', 'Wall time per registration (µs)'], rows, [
      '---:',
      '---',
      '---:',
      '---:',
      '---:',
    ]),
    '',
    `Backend CPU of this checkout against ${flags.beside}: ${ratios.join('; ')}.`,
    '',
  ].join('\n');
  console.log(`\n${body}`);
  if (!flags['no-write']) writeBenchSection('registration-sql', body);
  for (const build of builds) await build.client.end();
} finally {
  for (const name of databases)
    await withClient(ADMIN_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch(() => undefined);
  for (const f of cleanups) f();
}
