import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { FullConfig, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * With AFORO_TIMINGS=<folder>: each browser test's time goes to <folder>/playwright.tsv (milliseconds, file,
 * title), for the table `.ci/timings.mjs` prints at the end of `.ci/run`. Without it, nothing.
 */
export default class TimingsReporter implements Reporter {
  private root = process.cwd();

  onBegin(config: FullConfig): void {
    if (config.configFile) this.root = dirname(config.configFile);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const dir = process.env.AFORO_TIMINGS;
    if (!dir || result.status === 'skipped') return;
    mkdirSync(dir, { recursive: true });
    const file = relative(this.root, test.location.file);
    const title = test.titlePath().slice(3).join(' › '); // past the root, the project and the file
    appendFileSync(join(dir, 'playwright.tsv'), `${[result.duration, file, title].join('\t')}\n`);
  }
}
