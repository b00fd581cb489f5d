#!/usr/bin/env node
// The timing table at the end of `.ci/run`: how long each step took, and the slowest test files (Jest, per Node
// version) and browser tests, from what the reporters wrote in the AFORO_TIMINGS folder (test/setup/timings-reporter.cjs,
// test/e2e/timings-reporter.ts; .ci/run writes steps.tsv). Usage: node .ci/timings.mjs <folder> [how many rows]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, most = '12'] = process.argv.slice(2);
if (!dir || !existsSync(dir)) process.exit(0);
const top = Number(most);

const rows = (file) =>
  readFileSync(join(dir, file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));
const secs = (ms) => `${(ms / 1000).toFixed(1).padStart(7)} s`;
const clock = (s) => `${String(Math.floor(s / 60)).padStart(3)} min ${String(s % 60).padStart(2, '0')} s`;

console.log('\n== Tiempos');
if (existsSync(join(dir, 'steps.tsv'))) {
  console.log('\nPasos de .ci/run (‖: corrió al lado del paso que lo nombra):');
  for (const [s, name] of rows('steps.tsv')) console.log(`${clock(Number(s))}  ${name}`);
}

/** Per file: the sum of its tests' times (Jest gives it whole), most first. */
function byFile(list) {
  const files = new Map();
  for (const [ms, file] of list) {
    const f = files.get(file) ?? { ms: 0, tests: 0 };
    f.ms += Number(ms);
    f.tests += 1;
    files.set(file, f);
  }
  return [...files].sort((a, b) => b[1].ms - a[1].ms);
}

const jestFiles = readdirSync(dir).filter((f) => /^jest-.*\.tsv$/.test(f));
for (const file of jestFiles.sort()) {
  const list = rows(file);
  const files = byFile(list);
  const total = files.reduce((sum, [, f]) => sum + f.ms, 0);
  console.log(
    `\nJest en ${file.slice('jest-'.length, -'.tsv'.length)}: ${files.length} archivos, ${secs(total).trim()} sumados; los más lentos:`,
  );
  const labels = new Map(list.map(([, f, label]) => [f, label]));
  for (const [name, f] of files.slice(0, top)) console.log(`${secs(f.ms)}  ${name} (${labels.get(name)})`);
  // The files the run waited for last: a slow one that started late is a tail (test/setup/slow-first-sequencer.cjs).
  const ends = list
    .filter((row) => row[4])
    .map(([ms, name, , start, end]) => ({ ms: Number(ms), name, start: Number(start), end: Number(end) }));
  if (ends.length) {
    const first = Math.min(...ends.map((e) => e.start));
    console.log('Los últimos en terminar (empezó → terminó, desde el primero en empezar):');
    for (const e of ends.sort((a, b) => b.end - a.end).slice(0, 5)) {
      console.log(`${secs(e.start - first)} → ${secs(e.end - first).trim()}  ${e.name} (${secs(e.ms).trim()})`);
    }
  }
}

if (existsSync(join(dir, 'playwright.tsv'))) {
  const list = rows('playwright.tsv');
  const files = byFile(list);
  const total = files.reduce((sum, [, f]) => sum + f.ms, 0);
  console.log(`\nPlaywright: ${list.length} pruebas en ${files.length} archivos, ${secs(total).trim()} sumados; los archivos más lentos:`);
  for (const [name, f] of files.slice(0, top)) console.log(`${secs(f.ms)}  ${name} (${f.tests} ${f.tests === 1 ? 'prueba' : 'pruebas'})`);
  console.log('Las pruebas más lentas:');
  for (const [ms, file, title] of [...list].sort((a, b) => Number(b[0]) - Number(a[0])).slice(0, top)) {
    console.log(`${secs(Number(ms))}  ${file} › ${title}`);
  }
}
