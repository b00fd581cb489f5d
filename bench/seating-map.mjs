#!/usr/bin/env node
// The seating map's two forms side by side in one run (npm run bench:seating-map); figures go to
// docs/benchmarks.md (its own section only).
//
// One 20,000-seat space (two 100 × 100 sections), one internal event on it with 20,000 attendees, every seat
// assigned. GET /api/eventos-internos/{id}/seating-map in the spec's form (the default, `completo`: spaces →
// secciones → asientos, each seat labelled and holding its assignment) beside the compact form the seating
// screen reads (`?formato=compacto`: seat ids per section, assignments listed once). For each form: bytes
// raw, and as the API sends them gzip and brotli (Accept-Encoding); time to answer (median of --runs requests
// each), time to answer a revalidation (If-None-Match → 304). And, in this process, the time to build the
// spec's form from the compact read (the API's own mapper, dist/…/seating.mapper.js) and to serialize each.
//
// Flags: --runs=7 --port=N (default: a free port) --build --no-write --keep
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { createSeatedEvent, createStadium, insertPeople } from './lib/seating-data.mjs';
import { freePort } from '../scripts/lib.mjs';
import { createBenchEnv, fmt, fmtInt, latestRunLine, log, median, readFlags, ROOT, writeBenchSection } from './lib.mjs';

const { flags, server } = readFlags(process.argv.slice(2));
const opts = {
  runs: Math.max(3, Number(flags.runs ?? 7)),
  ...server(await freePort()),
};
const SIDE = 100;
const SEATS = SIDE * SIDE * 2;
const FORMS = [
  { key: 'completo', label: 'spec form (default)', query: '' },
  { key: 'compacto', label: 'compact form (`?formato=compacto`)', query: '?formato=compacto' },
];

const bench = await createBenchEnv({ prefix: 'aforo_bench_map_', port: opts.port, keep: opts.keep });

await bench.run(async () => {
  const { token, db, others, pgVersion } = await bench.startRun({ minutes: 15, build: { force: opts.build } });
  const call = bench.caller(token, { timeoutMs: 120_000 });

  // ── Data: the space (seats written by the spaces module), 20,000 people invited, every seat given ──
  log(`creating a ${fmtInt(SEATS)}-seat space, ${fmtInt(SEATS)} attendees, every seat assigned…`);
  const espacio = await createStadium(call, SIDE);
  const personas = await insertPeople(db, SEATS);
  const evento = await createSeatedEvent(call, { titulo: 'Informe anual', espacioId: espacio.id, personas });
  // Every seat to one attendee (the data a filled map holds; how it got there is bench:seating's subject).
  await db.query(
    `INSERT INTO asiento_asignaciones (evento_interno_id, asiento_id, persona_id)
     SELECT $1, s.id, p.id
       FROM (SELECT id, row_number() OVER (ORDER BY id) n FROM asientos WHERE espacio_id = $2) s
       JOIN (SELECT persona_id AS id, row_number() OVER (ORDER BY persona_id) n FROM evento_asistentes WHERE evento_interno_id = $1) p
         ON p.n = s.n`,
    [evento.id, espacio.id],
  );

  // ── Each form over HTTP: raw, gzip, brotli, revalidated ──
  const path = (f) => `/api/eventos-internos/${evento.id}/seating-map${f.query}`;
  const timed = async (f, headers) => {
    const t0 = performance.now();
    const r = await bench.request('GET', path(f), { token, headers, timeoutMs: 120_000 });
    const ms = performance.now() - t0;
    if (r.status !== 200 && r.status !== 304) throw new Error(`GET ${path(f)}: ${r.status} ${r.text.slice(0, 200)}`);
    return { ms, r };
  };
  const results = {};
  for (const f of FORMS) {
    log(`${f.key}: ${opts.runs} requests each, raw / gzip / br / 304…`);
    const first = await timed(f, { 'accept-encoding': 'identity' }); // warm-up, and the body and ETag
    const body = JSON.parse(first.r.text);
    if (body.formato !== f.key) throw new Error(`${path(f)} answered formato ${body.formato}`);
    const out = { body, raw: first.r.bytes, etag: first.r.headers.etag, ms: {}, bytes: {} };
    for (const [enc, headers] of [
      ['identity', { 'accept-encoding': 'identity' }],
      ['gzip', { 'accept-encoding': 'gzip' }],
      ['br', { 'accept-encoding': 'br' }],
      ['304', { 'accept-encoding': 'br, gzip', 'if-none-match': first.r.headers.etag }],
    ]) {
      const times = [];
      for (let i = 0; i < opts.runs; i += 1) {
        const { ms, r } = await timed(f, headers);
        times.push(ms);
        out.bytes[enc] = r.bytes;
        if (enc !== '304' && enc !== 'identity' && r.headers['content-encoding'] !== enc)
          throw new Error(`${path(f)} with Accept-Encoding ${enc} came as ${r.headers['content-encoding'] ?? 'identity'}`);
        if (enc === '304' && r.status !== 304) throw new Error(`${path(f)} revalidated: ${r.status}`);
      }
      out.ms[enc] = median(times);
    }
    results[f.key] = out;
  }
  const seatsSent = results.completo.body.seating_map.flatMap((e) => e.secciones.flatMap((s) => s.asientos));
  const heldSent = seatsSent.filter((a) => a.asignacion).length;
  if (heldSent !== SEATS || results.compacto.body.asignaciones.length !== SEATS)
    throw new Error(`expected ${SEATS} assignments in both forms, got ${heldSent} / ${results.compacto.body.asignaciones.length}`);
  if (results.completo.etag === results.compacto.etag) throw new Error('both forms answered the same ETag');

  // ── In this process: build the spec form from the compact read (the API's mapper), serialize each ──
  const { toSpecSeatingMap } = await import(pathToFileURL(join(ROOT, 'dist/api/src/modules/seating/seating.mapper.js')).href);
  const compact = results.compacto.body;
  const build = [];
  const json = { completo: [], compacto: [] };
  let built = null;
  for (let i = 0; i < opts.runs; i += 1) {
    const t0 = performance.now();
    built = toSpecSeatingMap(compact.seating_map, compact.asignaciones);
    build.push(performance.now() - t0);
    const t1 = performance.now();
    JSON.stringify({ ...compact, formato: 'completo', asignaciones: undefined, seating_map: built });
    json.completo.push(performance.now() - t1);
    const t2 = performance.now();
    JSON.stringify(compact);
    json.compacto.push(performance.now() - t2);
  }
  if (JSON.stringify(built) !== JSON.stringify(results.completo.body.seating_map))
    throw new Error('the mapper run here does not give what the API answered');

  // ── Report ──
  const c = results.completo;
  const k = results.compacto;
  const kib = (b) => `${fmtInt(b / 1024)} KiB`;
  const ratio = (a, b) => `${(a / b).toFixed(1)}×`;
  const rows = [
    ['Bytes, raw (identity)', kib(c.raw), kib(k.raw), ratio(c.raw, k.raw)],
    ['Bytes sent, gzip', kib(c.bytes.gzip), kib(k.bytes.gzip), ratio(c.bytes.gzip, k.bytes.gzip)],
    ['Bytes sent, brotli', kib(c.bytes.br), kib(k.bytes.br), ratio(c.bytes.br, k.bytes.br)],
    ['Answer time, raw (median)', fmt(c.ms.identity), fmt(k.ms.identity), ratio(c.ms.identity, k.ms.identity)],
    ['Answer time, gzip (median)', fmt(c.ms.gzip), fmt(k.ms.gzip), ratio(c.ms.gzip, k.ms.gzip)],
    ['Answer time, brotli (median)', fmt(c.ms.br), fmt(k.ms.br), ratio(c.ms.br, k.ms.br)],
    ['Revalidated, nothing changed (If-None-Match → 304, median)', fmt(c.ms['304']), fmt(k.ms['304']), '—'],
    ['Build from the reads, in process (median)', fmt(median(build)), '0 (the read itself)', '—'],
    [
      'JSON.stringify, in process (median)',
      fmt(median(json.completo)),
      fmt(median(json.compacto)),
      ratio(median(json.completo), median(json.compacto)),
    ],
  ];
  const table = [
    `|  | **spec form** (default) | compact form (\`?formato=compacto\`) | spec ÷ compact |`,
    '| --- | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
  console.log(`\n${table}\n`);
  const doc = [
    '## Seating map: the spec form beside the compact form (issue 23 §1)',
    '',
    '```sh',
    'npm run bench:seating-map   # node bench/seating-map.mjs  (--runs=7)',
    '```',
    '',
    latestRunLine(pgVersion, {
      after: others.length ? `, **with other benchmarks running (${others.map((o) => o.script).join(', ')})**` : '',
    }),
    '',
    `One event on a ${fmtInt(SEATS)}-seat space (two 100 × 100 sections), every seat assigned (${fmtInt(SEATS)} assignments). ` +
      `\`GET /api/eventos-internos/{id}/seating-map\` in each form; times are the median of ${opts.runs} requests from this ` +
      'process over a keep-alive connection (the API compresses answers over 32 KiB, `compression`). Both forms come from the ' +
      'same three reads; the spec form adds the labelling (seat-label engine) and nesting in the API process.',
    '',
    table,
  ].join('\n');
  if (opts.write) writeBenchSection('seating-map', doc);
});
