/**
 * With AFORO_TIMINGS=<folder>: each test file's time goes to <folder>/jest-node<major>.tsv (milliseconds, file, a
 * label, when it started and ended in epoch milliseconds), for the table `.ci/timings.mjs` prints at the end of
 * `.ci/run` (the ends show which files the run waited for last). Without it, nothing.
 */
const { appendFileSync, mkdirSync } = require('node:fs');
const { join, relative } = require('node:path');

class TimingsReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onTestFileResult(_test, result) {
    const dir = process.env.AFORO_TIMINGS;
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    const file = relative(this.rootDir, result.testFilePath);
    const tests = result.numPassingTests + result.numFailingTests + result.numPendingTests;
    const { runtime, start, end } = result.perfStats;
    const line = [runtime, file, `${tests} ${tests === 1 ? 'prueba' : 'pruebas'}`, start, end].join('\t');
    appendFileSync(join(dir, `jest-node${process.versions.node.split('.')[0]}.tsv`), `${line}\n`);
  }
}

module.exports = TimingsReporter;
