#!/usr/bin/env node
// What one public registration costs PostgreSQL (npm run bench:registration-cost; issue 30 §1).
//
// One event, the API and the workers of this checkout (or, with --rev=<git rev>, of that revision built in a
// temporary `git worktree` under /tmp). After a warm-up, two phases, each measured on its own:
//   1. the synchronous path: the workers stopped, N registrations through POST /api/eventos/{slug}/register (64 in
//      flight, so the API batches them as in a burst), until the outbox relay published their events;
//   2. what follows later: the workers started again, until every confirmation left the queue (stored: no SMTP) and
//      every audit entry was written.
// Per phase and per registration: the WAL this database wrote (pg_walinspect over the phase's LSN range, only the
// records that touch this database's relations plus their transactions' commit records; full-page images shown
// apart, they depend on when the last checkpoint was), by relation; rows inserted / updated (HOT) per table
// (pg_stat_user_tables); transactions; NOTIFYs received on `aforo_mail`; the workers' CPU. Then the size of a stored
// `correos` row (pg_column_size). WAL is the whole cluster's: other work on the machine adds records of other
// databases, which are left out, but its checkpoints add full-page images to ours (hence the column apart).
//
// The CPU of the synchronous path per registration: the API process's and this database's PostgreSQL backends'
// (/proc utime+stime: what a busy machine changes least, unlike throughput). --beside=<rev> measures that revision
// right after, and prints the two side by side.
//
// Flags: --n=2000 --clients=64 --port=3297 --rev=<git rev> --beside=<git rev> --rounds=1 (with --beside: N alternated runs
// of each build, medians) --idempotency (an Idempotency-Key per registration, as the web app sends) --keep-worktree --json
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchRegistration, createBenchEnv, fmtInt, log, machineBusy, now, readFlags, ROOT, table, worktreeOf } from './lib.mjs';

const DB_PREFIX = 'aforo_bench_regcost_';

/** N registrations, `clients` in flight, on keep-alive connections; answers the status counts. */
async function burst(baseUrl, slug, n, clients, prefix, idempotency) {
  const { Agent, request } = await import('undici');
  const agent = new Agent({ connections: clients, keepAliveTimeout: 60_000 });
  const statuses = {};
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next;
      next += 1;
      const res = await request(`${baseUrl}/api/eventos/${slug}/register`, {
        method: 'POST',
        dispatcher: agent,
        // --idempotency: a key per submission, as the web app sends it.
        headers: { 'content-type': 'application/json', ...(idempotency ? { 'idempotency-key': randomUUID() } : {}) },
        body: JSON.stringify(benchRegistration(i, prefix)),
      });
      await res.body.dump();
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  await agent.close();
  return statuses;
}

/** utime+stime of a process in ms. */
function cpuMs(pid, tick) {
  let stat;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return NaN; // gone
  }
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / tick;
}

export async function measureCost({ root = ROOT, port, n, clients, label, idempotency = false }) {
  const bench = await createBenchEnv({
    prefix: DB_PREFIX,
    port,
    root,
    nodeEnv: 'development',
    // MAIL_PER_MINUTE 0: the workers take the messages at their own pace (the default paces them at 20 a second).
    extraEnv: { PUBLIC_WRITE_LIMIT_PER_MINUTE: '10000000', PUBLIC_READ_LIMIT_PER_MINUTE: '10000000', MAIL_PER_MINUTE: '0' },
    // The process must outlive this run: --beside builds and measures another revision after it (the build blocks
    // for minutes, and the usual exit 2 s after the run would fire as soon as it ends).
    exitAfterRun: false,
  });
  const { pg, database, dbUrl, baseUrl, tick } = bench;
  bench.armWatchdog(15);
  let result = null;
  await bench.run(async () => {
    if (root === ROOT) bench.build({ ifStale: true });
    await bench.createDatabase();
    bench.migrate();
    await bench.withAdmin((c) => c.query(`ALTER DATABASE ${database} SET track_functions = 'pl'`));
    const db = new pg.Client({ connectionString: dbUrl.toString(), application_name: 'aforo-bench-probe' });
    db.on('error', () => undefined);
    await db.connect();
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect');
    // The other databases' work (the machine is shared) recycles WAL segments quickly: a TEMPORARY physical slot keeps
    // the phases' WAL until it is read, and goes away with this connection.
    await db.query(`SELECT pg_create_physical_replication_slot($1, true, true)`, [`${database}_wal`]);
    const { rows: dbRow } = await db.query('SELECT oid FROM pg_database WHERE datname = current_database()');
    const dbOid = dbRow[0].oid;
    let notifies = 0;
    db.on('notification', (m) => {
      if (m.channel === 'aforo_mail') notifies += 1;
    });
    await db.query('LISTEN aforo_mail');

    let { api, workers, token } = await bench.startServers();
    const res = await bench.request('POST', '/api/eventos-externos', {
      token,
      body: {
        title: `Costo de un registro ${label}`,
        description: 'Evento de prueba (bench/registration-cost.mjs).',
        event_date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        end_date: null,
        location: 'Banco de pruebas',
        max_attendees: 100_000,
        status: 'published',
      },
    });
    if (res.status !== 201) throw new Error(`POST /api/eventos-externos → ${res.status} ${res.text}`);
    const slug = res.json.event.slug;

    const waitFor = async (sql, test, maxMs, what) => {
      const until = now() + maxMs;
      for (;;) {
        const { rows } = await db.query(sql);
        if (test(rows[0])) return rows[0];
        if (now() > until) throw new Error(`${what} did not happen within ${maxMs} ms: ${JSON.stringify(rows[0])}`);
        await sleep(200);
      }
    };
    const published = () =>
      waitFor(`SELECT count(*)::int AS n FROM domain_events WHERE published_at IS NULL`, (r) => r.n === 0, 60_000, 'outbox published');
    // A build from before mail (e.g. 74d83ea) has no `correos`: its phase 2 is the audit only.
    const { rows: mailTable } = await db.query(`SELECT to_regclass('correos') IS NOT NULL AS present`);
    const hasMail = mailTable[0].present;
    const drained = () =>
      waitFor(
        `SELECT ${hasMail ? `(SELECT count(*)::int FROM correos WHERE status IN ('queued', 'sending'))` : '0'} AS mail,
                (SELECT count(*)::int FROM domain_events) - (SELECT count(*)::int FROM audit_logs) AS unaudited`,
        (r) => r.mail === 0 && r.unaudited <= 0,
        300_000,
        'mail and audit drained',
      );

    log(`${label}: warm-up (300 registrations)…`);
    await burst(baseUrl, slug, 300, clients, `warm-`, idempotency);
    await published();
    await drained();
    await sleep(500);

    const snapshot = async () => {
      const { rows: lsn } = await db.query('SELECT pg_current_wal_lsn()::text AS lsn');
      const { rows: tables } = await db.query(
        `SELECT relname, n_tup_ins::int AS ins, n_tup_upd::int AS upd, n_tup_hot_upd::int AS hot, n_tup_del::int AS del
           FROM pg_stat_user_tables`,
      );
      const { rows: fns } = await db.query(`SELECT funcname, calls::int AS calls FROM pg_stat_user_functions`);
      const { rows: xact } = await db.query(`SELECT xact_commit::int AS commits FROM pg_stat_database WHERE datname = current_database()`);
      return { lsn: lsn[0].lsn, tables, fns, commits: xact[0].commits, t: now() };
    };
    /** Stats are sent by backends at most every second (PG 15: at transaction end, flushed within 1 s when idle). */
    const settleStats = () => sleep(1500);

    const walBetween = async (a, b) => {
      // Relations of this database, by relfilenode (tables, their indexes and TOAST).
      const { rows: rels } = await db.query(
        `SELECT c.relfilenode::text AS node, coalesce(t.relname, c.relname) AS owner, c.relkind::text AS kind, c.relname
           FROM pg_class c LEFT JOIN pg_class t ON t.reltoastrelid = c.oid OR t.oid = (SELECT indrelid FROM pg_index WHERE indexrelid = c.oid)
          WHERE c.relfilenode <> 0`,
      );
      const byNode = new Map(rels.map((r) => [r.node, r]));
      const { rows } = await db.query(
        `SELECT xid::text, resource_manager AS rm, record_type, record_length::int AS len, fpi_length::int AS fpi, block_ref
           FROM pg_get_wal_records_info($1::pg_lsn, $2::pg_lsn)
          WHERE resource_manager = 'Transaction' OR block_ref LIKE $3`,
        [a, b, `%/${dbOid}/%`],
      );
      const ours = new Set();
      const perRel = new Map();
      let bytes = 0;
      let fpi = 0;
      let records = 0;
      const re = new RegExp(`rel \\d+/${dbOid}/(\\d+)`);
      for (const r of rows) {
        const m = r.block_ref ? re.exec(r.block_ref) : null;
        if (!m) continue;
        ours.add(r.xid);
        records += 1;
        bytes += r.len;
        fpi += r.fpi;
        const rel = byNode.get(m[1]);
        const key = rel
          ? rel.kind === 'i'
            ? `${rel.owner} (index ${rel.relname})`
            : rel.kind === 't'
              ? `${rel.owner} (TOAST)`
              : rel.relname
          : `rel ${m[1]}`;
        const e = perRel.get(key) ?? { bytes: 0, fpi: 0, records: 0 };
        e.bytes += r.len;
        e.fpi += r.fpi;
        e.records += 1;
        perRel.set(key, e);
      }
      let commitBytes = 0;
      let commits = 0;
      for (const r of rows)
        if (r.rm === 'Transaction' && ours.has(r.xid)) {
          commitBytes += r.len;
          commits += 1;
        }
      return { bytes: bytes + commitBytes, fpi, records: records + commits, commits, commitBytes, perRel };
    };

    const diff = (a, b) => {
      const rows = new Map();
      for (const t of b.tables) {
        const o = a.tables.find((x) => x.relname === t.relname) ?? { ins: 0, upd: 0, hot: 0, del: 0 };
        const d = { ins: t.ins - o.ins, upd: t.upd - o.upd, hot: t.hot - o.hot, del: t.del - o.del };
        if (d.ins || d.upd || d.del) rows.set(t.relname, d);
      }
      const fns = new Map();
      for (const f of b.fns) {
        const o = a.fns.find((x) => x.funcname === f.funcname)?.calls ?? 0;
        if (f.calls - o) fns.set(f.funcname, f.calls - o);
      }
      return { rows, fns, commits: b.commits - a.commits, ms: b.t - a.t };
    };

    /** CPU (ms) of this database's PostgreSQL backends, by pid (the probe's own left out). */
    const backendsCpu = async () => {
      const { rows } = await db.query(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      return new Map(rows.map((r) => [r.pid, cpuMs(r.pid, tick)]).filter(([, ms]) => Number.isFinite(ms)));
    };
    /** What the backends spent between two readings (a backend started in between counts from 0). */
    const backendsDelta = (a, b) => [...b].reduce((sum, [pid, ms]) => sum + ms - (a.get(pid) ?? 0), 0);

    const busy = await machineBusy(1000);
    // ── Phase 1: the synchronous path (workers stopped) ──
    await bench.stopServers([workers]);
    await settleStats();
    const s0 = await snapshot();
    notifies = 0;
    const [api0, pg0] = [cpuMs(api.pid, tick), await backendsCpu()];
    const statuses = await burst(baseUrl, slug, n, clients, `cost-`, idempotency);
    await published();
    const [api1, pg1] = [cpuMs(api.pid, tick), await backendsCpu()];
    await settleStats();
    const s1 = await snapshot();
    const notifies1 = notifies;
    const sync = {
      ...diff(s0, s1),
      wal: await walBetween(s0.lsn, s1.lsn),
      notifies: notifies1,
      apiCpuMs: api1 - api0,
      pgCpuMs: backendsDelta(pg0, pg1),
    };

    // ── Phase 2: the workers take the mail and the audit jobs ──
    // LOG_LEVEL info for its start-up line (no job logs at that level).
    workers = bench.startServer('workers', 'dist/workers/src/main.js', [], root, { LOG_LEVEL: 'info' });
    const w0 = now();
    const laterPg0 = await backendsCpu(); // the workers' connections opened after it count from their start
    // The workers' own start (loading its modules: over a second of CPU on this host) is not the messages' cost: counted
    // from the moment its queues listen (QueueWorkers' log line), the jobs' first milliseconds aside.
    if (!(await workers.outputMatches(/Workers listening on queues/))) throw new Error('the workers did not start within 120 s');
    const cpu0 = cpuMs(workers.pid, tick);
    await drained();
    const laterPg1 = await backendsCpu();
    await settleStats();
    const cpu1 = cpuMs(workers.pid, tick);
    const s2 = await snapshot();
    const later = {
      ...diff(s1, s2),
      wal: await walBetween(s1.lsn, s2.lsn),
      workersCpuMs: cpu1 - cpu0,
      pgCpuMs: backendsDelta(laterPg0, laterPg1),
      drainMs: now() - w0,
    };

    const { rows: size } = !hasMail
      ? { rows: [null] }
      : await db.query(
          `SELECT avg(pg_column_size(c.*))::int AS row, avg(pg_column_size(c.data))::int AS data, avg(coalesce(pg_column_size(c.html), 0))::int AS html,
              avg(coalesce(pg_column_size(c.text), 0))::int AS text, avg(coalesce(octet_length(c.html), 0))::int AS html_raw,
              avg(coalesce(octet_length(c.text), 0))::int AS text_raw, count(*)::int AS n
         FROM correos c WHERE c.to_email LIKE 'cost-%'`,
        );
    const { rows: tableSizes } = await db.query(
      `SELECT relname, pg_total_relation_size(relid)::bigint AS total FROM pg_statio_user_tables
        WHERE relname IN ('correos', 'external_registrations', 'domain_events', 'audit_logs') ORDER BY relname`,
    );
    const { rows: regSize } = await db.query(
      `SELECT avg(pg_column_size(r.*))::int AS row FROM external_registrations r WHERE r.email LIKE 'cost-%'`,
    );
    result = { label, n, statuses, busy, sync, later, size: size[0], regRow: regSize[0].row, tableSizes, apiPid: api.pid };
    await db.end().catch(() => undefined);
  });
  return result;
}

const per = (v, n) => (v / n).toFixed(v / n >= 100 ? 0 : 2);

/** The figures of one measured build, as Markdown. */
export function costReport(r) {
  const { sync, later } = r;
  const ok = r.statuses[201] ?? 0;
  const rowsTable = (d) =>
    [...d.rows]
      .map(([t, x]) => [t, per(x.ins, ok), per(x.upd, ok), per(x.hot, ok), per(x.del, ok)])
      .sort((a, b) => a[0].localeCompare(b[0]));
  const relTable = (w) =>
    [...w.perRel]
      .sort((a, b) => b[1].bytes + b[1].fpi - (a[1].bytes + a[1].fpi))
      .slice(0, 14)
      .map(([k, v]) => [k, per(v.records, ok), per(v.bytes - v.fpi, ok), per(v.fpi, ok)]);
  const phase = (name, d, extra) => [
    `**${name}** — WAL per registration: **${fmtInt(d.wal.bytes / ok)} bytes** (of which full-page images ${fmtInt(d.wal.fpi / ok)}), ` +
      `${per(d.wal.records, ok)} records; transactions committed per registration ${per(d.commits, ok)}${extra}`,
    '',
    table(['Relation', 'WAL records / reg.', 'bytes / reg. (without FPI)', 'FPI bytes / reg.'], relTable(d.wal), [
      '---',
      '---:',
      '---:',
      '---:',
    ]),
    '',
    table(['Table', 'inserted / reg.', 'updated / reg.', 'of which HOT', 'deleted / reg.'], rowsTable(d), [
      '---',
      '---:',
      '---:',
      '---:',
      '---:',
    ]),
    '',
    d.fns.size ? `PL/pgSQL calls per registration: ${[...d.fns].map(([f, c]) => `${f} ${per(c, ok)}`).join(', ')}.` : '',
    '',
  ];
  return [
    `### ${r.label}: ${fmtInt(ok)} registrations (${JSON.stringify(r.statuses)}), machine ${r.busy.toFixed(0)} % busy before the run`,
    '',
    ...phase(
      '1. Synchronous path (workers stopped)',
      sync,
      `; NOTIFY aforo_mail received per registration ${per(sync.notifies, ok)} (${fmtInt(sync.notifies)} for ${fmtInt(ok)}); ` +
        `CPU per registration: API ${per(sync.apiCpuMs, ok)} ms, PostgreSQL backends ${(sync.pgCpuMs / ok).toFixed(3)} ms.`,
    ),
    ...phase(
      '2. Later (workers: mail and audit)',
      later,
      `; workers CPU ${fmtInt(later.workersCpuMs)} ms for ${fmtInt(ok)} messages (${per(later.workersCpuMs, ok)} ms each), drained in ${fmtInt(later.drainMs)} ms.`,
    ),
    (r.size
      ? `Stored \`correos\` row (after the workers): pg_column_size ${fmtInt(r.size.row)} bytes (data ${fmtInt(r.size.data)}, html ${fmtInt(r.size.html)} ` +
        `stored / ${fmtInt(r.size.html_raw)} raw, text ${fmtInt(r.size.text)} / ${fmtInt(r.size.text_raw)} raw); `
      : 'No `correos` table (a build from before mail); ') + `an \`external_registrations\` row: ${fmtInt(r.regRow)} bytes.`,
    '',
  ].join('\n');
}

/** The figures per registration compared between builds: title, value of one run, format. */
const FIGURES = [
  ['API CPU (ms)', (r, ok) => r.sync.apiCpuMs / ok, (v) => v.toFixed(2)],
  ['PostgreSQL backends CPU (ms)', (r, ok) => r.sync.pgCpuMs / ok, (v) => v.toFixed(3)],
  ['WAL, synchronous path (bytes)', (r, ok) => r.sync.wal.bytes / ok, (v) => fmtInt(v)],
  ['workers CPU later (ms)', (r, ok) => r.later.workersCpuMs / ok, (v) => v.toFixed(2)],
  ['PostgreSQL backends CPU later (ms)', (r, ok) => r.later.pgCpuMs / ok, (v) => v.toFixed(3)],
];

/**
 * The figures of each build, one column per build. Each build is one run, or (--rounds=N) its N runs, alternated
 * A B, B A…: then the median, each run's in brackets — one run each moved by ±20 % on a shared host, more than the
 * changes measured.
 */
export function sideBySide(runsByBuild) {
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const cell = (runs, f, fmt) => {
    const xs = runs.map((r) => f(r, r.statuses[201] ?? 0));
    return xs.length === 1 ? fmt(xs[0]) : `**${fmt(median(xs))}** (${xs.map(fmt).join(' · ')})`;
  };
  const rounds = runsByBuild[0].length;
  return [
    '',
    table(
      [rounds === 1 ? 'per registration' : 'per registration, median of the runs (each run)', ...runsByBuild.map((runs) => runs[0].label)],
      FIGURES.map(([title, f, fmt]) => [title, ...runsByBuild.map((runs) => cell(runs, f, fmt))]),
      ['---', ...runsByBuild.map(() => '---:')],
    ),
    '',
  ].join('\n');
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const { flags, int } = readFlags(process.argv.slice(2), [
    'n',
    'clients',
    'port',
    'rev',
    'beside',
    'keep-worktree',
    'json',
    'rounds',
    'idempotency',
  ]);
  const n = int('n', 2000, 50, 50_000);
  const rounds = int('rounds', 1, 1, 9);
  const idempotency = flags.idempotency === true;
  const clients = int('clients', 64, 1, 256);
  const port = int('port', 3297, 1024, 65535);
  const cleanups = [];
  let root = ROOT;
  let label = 'this checkout';
  if (typeof flags.rev === 'string') {
    root = worktreeOf(flags.rev, (f) => cleanups.push(f), { keep: flags['keep-worktree'] === true }).dir;
    label = flags.rev;
  }
  try {
    if (rounds > 1 && typeof flags.beside === 'string') {
      // Alternated runs of both builds (A B, B A, …), medians side by side.
      const other = worktreeOf(flags.beside, (f) => cleanups.push(f), { keep: flags['keep-worktree'] === true }).dir;
      const builds = [
        { root, label, runs: [] },
        { root: other, label: flags.beside, runs: [] },
      ];
      for (let i = 0; i < rounds; i += 1) {
        for (const b of i % 2 === 0 ? builds : [...builds].reverse()) {
          log(`round ${i + 1}/${rounds}: ${b.label}…`);
          const r = await measureCost({ root: b.root, port, n, clients, label: b.label, idempotency });
          if (!r) throw new Error(`the run of ${b.label} measured nothing`);
          b.runs.push(r);
        }
      }
      console.log(sideBySide(builds.map((b) => b.runs)));
      process.exitCode = 0;
    } else {
      const r = await measureCost({ root, port, n, clients, label, idempotency });
      if (r) console.log(flags.json ? JSON.stringify(r, (k, v) => (v instanceof Map ? Object.fromEntries(v) : v), 2) : costReport(r));
      if (r && typeof flags.beside === 'string') {
        // The same measurement of another revision, right after, and the two side by side.
        const other = worktreeOf(flags.beside, (f) => cleanups.push(f), { keep: flags['keep-worktree'] === true }).dir;
        const b = await measureCost({ root: other, port, n, clients, label: flags.beside, idempotency });
        if (b) {
          console.log(costReport(b));
          console.log(sideBySide([[r], [b]]));
        }
      }
    }
  } finally {
    for (const f of cleanups) f();
  }
  setTimeout(() => process.exit(), 2000).unref();
}
