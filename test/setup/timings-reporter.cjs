/**
 * With AFORO_TIMINGS=<folder>: each test file's time goes to <folder>/jest-node<major>.tsv (milliseconds, file, a
 * label), for the table `.ci/timings.mjs` prints at the end of `.ci/run`. Without it, nothing.
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
    const line = [result.perfStats.runtime, file, `${tests} ${tests === 1 ? 'prueba' : 'pruebas'}`].join('\t');
    appendFileSync(join(dir, `jest-node${process.versions.node.split('.')[0]}.tsv`), `${line}\n`);
  }
}

module.exports = TimingsReporter;
