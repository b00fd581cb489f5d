#!/usr/bin/env node
// Is the import's hand-written CSV reader (parseCsv) worth keeping over a well-kept library? Parses the
// same 10 MiB people file (bench/people-csv.mjs, the one `bench:import` uploads) with parseCsv, udsv and
// papaparse, side by side in one run, checks that all three read the same records, and writes the figures
// to docs/benchmarks.md (section csv-parsers). Needs the compiled API (`npm run build:server`).
//   node bench/csv-parsers.mjs [--runs=7] [--no-write]
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Papa from 'papaparse';
import { inferSchema, initParser } from 'udsv';
import { fmt, machineInfo, median, pct, ROOT, sortNum, table, writeBenchSection } from './lib.mjs';
import { generateCsv } from './people-csv.mjs';

const require = createRequire(import.meta.url);
const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 7);
const compiled = join(ROOT, 'dist/api/src/modules/personas/import/csv-import.js');
if (!existsSync(compiled)) {
  console.error('Falta el API compilado: npm run build:server');
  process.exit(1);
}
const { parseCsv, decodeCsv } = require(compiled);

const { buffer } = generateCsv(20261123, 10 * 1024 * 1024);
// Some quoted fields with commas and line breaks, as spreadsheets write them, so every parser does real work.
const { text: plain } = decodeCsv(buffer);
const lines = plain.split('\r\n');
for (let i = 7; i < lines.length - 1; i += 97) {
  if (lines[i].includes('"')) continue; // already quoted by the generator
  const [nombre, ...rest] = lines[i].split(',');
  lines[i] = [`"${nombre}, ""JR"""`, ...rest].join(',');
}
const text = lines.join('\r\n');

const parsers = {
  'parseCsv (hand-written, the import)': (t) => {
    const out = [];
    for (const { fields } of parseCsv(t)) out.push(fields);
    return out;
  },
  'udsv 0.7': (t) => {
    // One row delimiter per file: line endings made LF first; comma and quote fixed (not inferred).
    const lf = t.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
    const schema = inferSchema(lf, { col: ',', row: '\n', encl: '"', header: () => [] });
    return initParser(schema).stringArrs(lf);
  },
  'papaparse 5': (t) => Papa.parse(t, { skipEmptyLines: true }).data,
};

// Same records from all three (the header included or not, depending on the library).
const reference = parsers['parseCsv (hand-written, the import)'](text).filter((r) => !(r.length === 1 && r[0] === ''));
for (const [name, parse] of Object.entries(parsers)) {
  const rows = parse(text).filter((r) => !(r.length === 1 && r[0] === ''));
  const offset = rows.length - reference.length;
  const same = Math.abs(offset) <= 1 && reference.slice(1).every((r, i) => JSON.stringify(r) === JSON.stringify(rows[i + 1 + offset]));
  if (!same) {
    const i = reference.slice(1).findIndex((r, k) => JSON.stringify(r) !== JSON.stringify(rows[k + 1 + offset]));
    console.error(
      `${name} no lee los mismos registros (${rows.length} contra ${reference.length}); primera diferencia en el registro ${i + 1}:`,
    );
    console.error(JSON.stringify(reference[i + 1]), JSON.stringify(rows[i + 1 + offset]));
    process.exit(1);
  }
}

// The import's rules on small files staff do produce (hand-edited, exported from several tools): does each
// parser read what the import must read? A library that is faster but reads other records is not a replacement.
const RULE_CASES = [
  ['mixed line endings (CRLF, CR, LF)', 'nombre,contacto\r\nANA,811\rLUIS,812\nEVA,813\n'],
  ['a quote inside a plain field', 'nombre,contacto\nPEÑA "LA JEFA" ANA,811\n'],
  ['a quoted name followed by text', 'nombre,contacto\n"ANA" JR,811\n'],
  ['a row with fewer columns', 'nombre,contacto\nANA\n,812\n'],
  ['a line break inside quotes', 'nombre,contacto\n"PRIMERA\r\nSEGUNDA",811\n'],
  ['byte-order mark and empty lines', '\uFEFFnombre,contacto\n\nANA,811\n\n'],
];
const expectedRecords = {
  'mixed line endings (CRLF, CR, LF)': [
    ['nombre', 'contacto'],
    ['ANA', '811'],
    ['LUIS', '812'],
    ['EVA', '813'],
  ],
  'a quote inside a plain field': [
    ['nombre', 'contacto'],
    ['PEÑA "LA JEFA" ANA', '811'],
  ],
  'a quoted name followed by text': [
    ['nombre', 'contacto'],
    ['"ANA" JR', '811'],
  ],
  'a row with fewer columns': [['nombre', 'contacto'], ['ANA'], ['', '812']],
  'a line break inside quotes': [
    ['nombre', 'contacto'],
    ['PRIMERA\r\nSEGUNDA', '811'],
  ],
  'byte-order mark and empty lines': [
    ['nombre', 'contacto'],
    ['ANA', '811'],
  ],
};
// A line break inside a value counts as read whether it comes back as CRLF or LF (udsv gets the file in LF).
const sameRecords = (a, b) => JSON.stringify(a).replace(/\\r\\n/g, '\\n') === JSON.stringify(b).replace(/\\r\\n/g, '\\n');
const readsRule = (parse, file) => {
  try {
    const rows = parse(file).filter((r) => !(r.length === 1 && r[0] === ''));
    return sameRecords(rows, expectedRecords[RULE_CASES.find(([, f]) => f === file)[0]]);
  } catch {
    return false;
  }
};
const conformance = Object.fromEntries(
  Object.entries(parsers).map(([name, parse]) => [name, RULE_CASES.map(([, f]) => readsRule(parse, f))]),
);
if (conformance['parseCsv (hand-written, the import)'].some((ok) => !ok)) {
  console.error('parseCsv no cumple las reglas de la importación:', conformance);
  process.exit(1);
}

const times = Object.fromEntries(Object.keys(parsers).map((k) => [k, []]));
for (let i = 0; i < runs + 1; i++) {
  // Interleaved, so a slower moment of the machine hits every parser alike; the first round warms up.
  for (const [name, parse] of Object.entries(parsers)) {
    const t0 = performance.now();
    parse(text);
    const ms = performance.now() - t0;
    if (i > 0) times[name].push(ms);
  }
}

const machine = machineInfo();
const rowsOut = Object.entries(times).map(([name, ms]) => {
  const sorted = sortNum(ms);
  return { name, median: median(ms), p95: pct(sorted, 95), min: sorted[0] };
});
const best = Math.min(...rowsOut.map((r) => r.median));
const mine = rowsOut[0].median;
const others = Math.min(...rowsOut.slice(1).map((r) => r.median));
// A library replaces parseCsv only if it reads every rule case as the import must and is not slower.
const fit = rowsOut.slice(1).filter((r) => conformance[r.name].every(Boolean));
const fitBest = fit.length ? Math.min(...fit.map((r) => r.median)) : null;
const verdict =
  fitBest !== null && fitBest <= mine
    ? `a library reads the import's rules and is as fast (${fmt(fitBest)} against ${fmt(mine)}): replace parseCsv with it.`
    : mine <= others * 0.8
      ? `parseCsv is ${(others / mine).toFixed(2)}× faster than the best library: kept.`
      : `kept. On the benchmark file the fastest library takes ${(others / mine).toFixed(2)}× parseCsv's time, and no library reads the import's rules (table above): they would change or lose what staff uploaded (udsv drops "ANA" from \`"ANA" JR\` and throws on a short row). parseCsv is the only reader here that imports these files as the import must.`;
const cell = (ok) => (ok ? 'reads it' : '**no**');
const body = [
  '## CSV reader of the people import (`npm run bench:csv`)',
  '',
  `Same 10 MiB file as \`bench:import\` (${reference.length - 1} records, ${(Buffer.byteLength(text) / 1048576).toFixed(1)} MiB, one record in 97 with a quoted comma and quotes), parsed to arrays of fields in memory, ${runs} interleaved runs after a warm-up, on ${machine.nproc} × ${machine.model}. All three read the same records (checked).`,
  '',
  table(
    ['parser', 'median', 'p95', 'best', 'vs fastest'],
    rowsOut.map((r) => [r.name, fmt(r.median), fmt(r.p95), fmt(r.min), `${(r.median / best).toFixed(2)}×`]),
  ),
  '',
  'Do they read what the import must read? Small files with what staff files contain (udsv configured with comma, quote and LF, the line endings made LF first, as it takes one row delimiter; papaparse with its defaults and `skipEmptyLines`):',
  '',
  table(
    ['case', ...Object.keys(parsers)],
    RULE_CASES.map(([name], i) => [name, ...Object.keys(parsers).map((p) => cell(conformance[p][i]))]),
  ),
  '',
  `**Verdict:** ${verdict} The import also needs what the libraries do not give in one pass: each record's end offset (progress and row numbers) and the one refusal it makes (an unclosed quote).`,
  '',
  `_Run: ${new Date().toISOString()} · rerun: \`npm run build:server && npm run bench:csv\`._`,
].join('\n');
console.log(body);
if (!process.argv.includes('--no-write')) writeBenchSection('csv-parsers', body);
