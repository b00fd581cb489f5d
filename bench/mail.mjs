#!/usr/bin/env node
// Invitations by e-mail through the job to a local SMTP sink (npm run bench:mail); figures go to
// docs/benchmarks.md (its own section only).
//
// One confirmed internal event with N attendees (default 5,000), each with an e-mail. Measured, in one run:
// POST /api/eventos-internos/{id}/invitations (all pending with an e-mail) → ONE job queues N messages (rows of
// `correos`) → the mail pipeline renders and sends each to a local SMTP sink (smtp-server, in this process):
// the time to the last message accepted, mails/s, messages accepted twice (must be 0). Beside it, the cost to
// the API: p95 of a representative staff route (the event's page: GET /api/eventos-internos/{id} and the
// internal events list), probed the same way while the workers are idle and during the run (target ≤ +20 %:
// the work is in the workers). The workers' memory (RSS) sampled over the run: start, peak, end (flat).
//
// The idle baseline is probed before AND after the run (pooled): p95 of a 10 s window moved by ±20 % between quiet
// runs, more than the effect measured. Memory is read after a full garbage collection (bench/lib.mjs memoryPreload)
// before the run, at each quarter of the messages and after it: retained memory, not V8's lazily returned pages.
//
// Flags: --count=5000 --probe-seconds=15 --per-minute=N (MAIL_PER_MINUTE; default: the app's) --port=3297 --build
// --no-write --keep
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createBenchEnv,
  fmt,
  fmtInt,
  latestRunLine,
  log,
  machineInfo,
  memoryPreload,
  now,
  pct,
  readFlags,
  readMemory,
  sortNum,
  staffProbe,
  writeBenchSection,
} from './lib.mjs';
import { startSmtpSink } from './lib/smtp-sink.mjs';

const { flags, server } = readFlags(process.argv.slice(2));
const opts = {
  count: Number(flags.count ?? 5000),
  probeSeconds: Number(flags['probe-seconds'] ?? 15),
  perMinute: flags['per-minute'] === undefined ? null : Number(flags['per-minute']),
  ...server(3297),
};
if (!Number.isInteger(opts.count) || opts.count < 1 || opts.count > 20_000) throw new Error('--count must be 1..20000');

/** Resident memory of a process, MiB (/proc/<pid>/status VmRSS). */
function rssMiB(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return kb / 1024;
  } catch {
    return NaN;
  }
}

const sink = await startSmtpSink();
const memoryDir = mkdtempSync(join(os.tmpdir(), 'aforo-bench-mail-mem-'));
const bench = await createBenchEnv({
  prefix: 'aforo_bench_mail_',
  port: opts.port,
  keep: opts.keep,
  extraEnv: {
    SMTP_URL: sink.url,
    MAIL_FROM: 'Aforo · Municipio de Monterrey <no-responder@eventos.monterrey.test>',
    PUBLIC_URL: 'https://eventos.monterrey.test',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${memoryPreload()}`.trim(),
    BENCH_MEMORY_DIR: memoryDir,
    ...(opts.perMinute === null ? {} : { MAIL_PER_MINUTE: String(opts.perMinute) }),
  },
});
bench.onCleanup(() => sink.close());
bench.onCleanup(() => rmSync(memoryDir, { recursive: true, force: true }));
/** The workers' heap after a full garbage collection, MiB. */
const heapMiB = async (pid) => ((await readMemory(pid, memoryDir))?.heapUsed ?? NaN) / 1048576;

await bench.run(async () => {
  const { workers, token, db, others, pgVersion } = await bench.startRun({
    minutes: 20,
    build: { force: opts.build },
    leftoverAgeMs: 3600_000,
  });
  const call = bench.caller(token, { timeoutMs: 120_000 });

  // ── Data: N people with an e-mail, attendees (pending) of one confirmed event ──
  log(`creating ${fmtInt(opts.count)} attendees with an e-mail…`);
  const personas = (
    await db.query(
      `INSERT INTO personas (nombre, apellido_paterno, apellido_materno, correo_electronico, search_text, sort_key)
       SELECT 'PERSONA ' || g, 'GARZA', 'LÓPEZ', 'invitado' || g || '@correo.monterrey.test', 'persona ' || g, lpad(g::text, 6, '0')
         FROM generate_series(1, $1) g RETURNING id`,
      [opts.count],
    )
  ).rows.map((r) => r.id);
  const { evento } = await call(
    'POST',
    '/api/eventos-internos',
    {
      titulo: 'Informe Anual de Actividades',
      fecha_evento: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      ubicacion: 'Auditorio Municipal',
      tipo: 'presentacion',
      estado: 'confirmado',
    },
    201,
  );
  for (let i = 0; i < personas.length; i += 10_000)
    await call('POST', `/api/eventos-internos/${evento.id}/asistentes`, { persona_ids: personas.slice(i, i + 10_000) }, 201);

  // ── Idle: the API probe while the workers have nothing to do; the workers' memory at rest ──
  const probePaths = [`/api/eventos-internos/${evento.id}`, '/api/eventos-internos'];
  await sleep(2000);
  log(`API probe, workers idle (${opts.probeSeconds} s)…`);
  const idleEnd = now() + opts.probeSeconds * 1000;
  const idleLat = await staffProbe(bench.baseUrl, token, probePaths, () => now() >= idleEnd);
  const rssIdle = rssMiB(workers.pid);
  const heapIdle = await heapMiB(workers.pid);

  // ── The run: one request, N invitations through the job and the mail pipeline to the sink ──
  log(`sending ${fmtInt(opts.count)} invitations…`);
  const rss = [];
  const sampler = setInterval(() => rss.push({ t: now(), mib: rssMiB(workers.pid) }), 250);
  let done = false;
  const t0 = now();
  const runProbe = staffProbe(bench.baseUrl, token, probePaths, () => done);
  const answer = await call('POST', `/api/eventos-internos/${evento.id}/invitations`, {}, 202);
  const answered = now() - t0;
  const deadline = Date.now() + 15 * 60_000;
  const heapQuarters = [];
  while (sink.accepted.length < opts.count) {
    if (Date.now() > deadline) throw new Error(`only ${sink.accepted.length} of ${opts.count} messages accepted within 15 min`);
    if (heapQuarters.length < 3 && sink.accepted.length >= ((heapQuarters.length + 1) * opts.count) / 4)
      heapQuarters.push(await heapMiB(workers.pid));
    await sleep(20);
  }
  const lastAccepted = Math.max(...sink.accepted.map((a) => a.at));
  const firstAccepted = Math.min(...sink.accepted.map((a) => a.at));
  done = true;
  const runLat = await runProbe;
  // A few more seconds of memory after the last message: does it come back down?
  await sleep(3000);
  clearInterval(sampler);
  const heapEnd = await heapMiB(workers.pid);
  // The idle baseline's second half: the workers have nothing left to do.
  log(`API probe, workers idle again (${opts.probeSeconds} s)…`);
  const afterEnd = now() + opts.probeSeconds * 1000;
  idleLat.push(...(await staffProbe(bench.baseUrl, token, probePaths, () => now() >= afterEnd)));

  const [job] = (
    await db.query(
      `SELECT queued_count, skipped_count, status, extract(epoch FROM finished_at - created_at) * 1000 AS job_ms FROM envios_invitaciones WHERE id = $1`,
      [answer.job.id],
    )
  ).rows;
  const [mails] = (
    await db.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'sent')::int AS sent, count(*) FILTER (WHERE attempts > 1)::int AS retried,
              extract(epoch FROM max(sent_at) - min(created_at)) * 1000 AS db_ms
         FROM correos WHERE template = 'evento-interno.invitacion'`,
    )
  ).rows;
  const total = lastAccepted - t0;
  const rate = (opts.count / total) * 1000;
  const idleS = sortNum(idleLat);
  const runS = sortNum(runLat);
  const p95Idle = pct(idleS, 95);
  const p95Run = pct(runS, 95);
  const delta = (p95Run / p95Idle - 1) * 100;
  const rssDuring = rss.filter((r) => r.t <= lastAccepted).map((r) => r.mib);
  const rssStart = rssDuring[0] ?? rssIdle;
  const rssPeak = Math.max(...rssDuring);
  const rssEnd = rss[rss.length - 1]?.mib ?? NaN;
  // Memory by quarters of the run: flat means no quarter keeps climbing.
  const quarters = [0, 1, 2, 3].map((q) => {
    const part = rssDuring.slice(Math.floor((q * rssDuring.length) / 4), Math.floor(((q + 1) * rssDuring.length) / 4));
    return part.length ? Math.max(...part) : NaN;
  });

  const m = machineInfo();
  const load = os.loadavg();
  const body = [
    '## Mail: invitations through the job to an SMTP server (issue 22)',
    '',
    `What is measured, in one run: one confirmed internal event with ${fmtInt(opts.count)} attendees, each with an e-mail;`,
    '`POST /api/eventos-internos/{id}/invitations` (all pending with an e-mail) → **one** job in the workers queues one message per',
    'attendee (`correos`) → the mail pipeline renders each (code, QR of the confirmation link, .ics) and sends it to a local SMTP',
    'server (`smtp-server`, in a child process of the bench, accepting everything). Beside it, a representative staff route probed by 2',
    'clients in a closed loop (the event’s page `GET /api/eventos-internos/{id}` and the list `GET /api/eventos-internos`, 20 ms',
    `apart) with the workers idle (${opts.probeSeconds} s before the run and ${opts.probeSeconds} s after it, pooled) and for the whole run; the workers’ resident`,
    'memory sampled every 250 ms, and their heap after a full garbage collection before the run, at each quarter of the messages and after.',
    `Send pace: ${opts.perMinute === null ? 'the default MAIL_PER_MINUTE' : `MAIL_PER_MINUTE=${opts.perMinute}`}.`,
    '',
    '```sh',
    'npm run bench:mail   # node bench/mail.mjs  (--count=5000 --probe-seconds=15 --per-minute=N)',
    '```',
    '',
    latestRunLine(pgVersion, { with: 'API, workers, PostgreSQL, Redis, the SMTP sink' }),
    others.length ? `\n**Distorted run:** other benchmarks were running (${others.map((o) => o.script).join(', ')}).` : '',
    load[0] > m.nproc
      ? `\n**Distorted run:** the machine was busy with other work (load average ${load.map((l) => l.toFixed(1)).join(' / ')} on ${m.nproc} cores at the end); rerun on a quiet machine.`
      : '',
    '',
    '|  | figure |',
    '| --- | ---: |',
    `| Request answered (202, the job queued) | ${fmt(answered)} |`,
    `| Job: ${fmtInt(Number(job.queued_count))} messages queued (database clock, request → job finished) | ${fmt(Number(job.job_ms))} |`,
    `| Request → first message accepted by the SMTP server | ${fmt(firstAccepted - t0)} |`,
    `| Request → **last** message accepted (${fmtInt(sink.accepted.length)} of ${fmtInt(opts.count)}) | **${fmt(total)}** |`,
    `| Mails per second (end to end) | **${fmtInt(rate)}** |`,
    `| Messages accepted twice (same Message-ID) / SMTP DATA commands | ${sink.duplicates()} / ${fmtInt(sink.dataCount)} |`,
    `| Rows sent / retried (attempts > 1) | ${fmtInt(mails.sent)} of ${fmtInt(mails.n)} / ${fmtInt(mails.retried)} |`,
    `| API p50 / **p95** / p99, workers idle (${fmtInt(idleLat.length)} requests) | ${fmt(pct(idleS, 50))} / **${fmt(p95Idle)}** / ${fmt(pct(idleS, 99))} |`,
    `| API p50 / **p95** / p99, during the run (${fmtInt(runLat.length)} requests) | ${fmt(pct(runS, 50))} / **${fmt(p95Run)}** / ${fmt(pct(runS, 99))} |`,
    `| API p95 during the run against idle | **${delta >= 0 ? '+' : ''}${delta.toFixed(0)} %** |`,
    `| Workers RSS: idle / start of run / peak / end (+3 s) | ${rssIdle.toFixed(0)} / ${rssStart.toFixed(0)} / ${rssPeak.toFixed(0)} / ${rssEnd.toFixed(0)} MiB |`,
    `| Workers RSS peak by quarter of the run | ${quarters.map((q) => q.toFixed(0)).join(' / ')} MiB |`,
    `| Workers heap after a full GC: before / at ¼, ½, ¾ of the messages / after | ${[heapIdle, ...heapQuarters, heapEnd].map((h) => h.toFixed(1)).join(' / ')} MiB |`,
    '',
    `Targets (issue 22 §6): API p95 during the run ≤ +20 % of idle — ${delta <= 20 ? 'met' : 'NOT met'}; every message accepted once — ${sink.accepted.length === opts.count && sink.duplicates() === 0 ? 'met' : 'NOT met'}; workers' memory flat (heap after a full GC, after the run, within 8 MiB of before it: what the workers retain, not the pages V8 returns lazily) — ${heapEnd - heapIdle <= 8 ? 'met' : 'NOT met'}.`,
    'Figures taken on a shared machine are noisy: the lead reruns this on a quiet one.',
  ]
    .filter((l) => l !== null)
    .join('\n');
  console.log(`\n${body}\n`);
  if (opts.write) writeBenchSection('mail', body);
});
