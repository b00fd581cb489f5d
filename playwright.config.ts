import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const chromiumOptions = JSON.parse(readFileSync(join(__dirname, 'test/e2e/chromium.json'), 'utf8'));

// Never let Playwright fetch its own browser: the Debian chromium package is used.
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
// Two workers, each driving a server of its own (test/e2e/fixtures.ts, on ports E2E_PORT, E2E_PORT + 1…): one Chromium
// tab against one server left a 2-core machine half idle. E2E_WORKERS=1 runs every file on one server, as before.
const workers = Number(process.env.E2E_WORKERS ?? '2');

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  // Files are spread over the workers; a file's tests run in order, on one worker.
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The timings reporter writes only with AFORO_TIMINGS set (.ci/run's table of the slowest tests).
  reporter: [['list'], ['./test/e2e/timings-reporter.ts']],
  use: {
    ...devices['Desktop Chrome'],
    // No baseURL here: each worker's is its own server's (test/e2e/fixtures.ts).
    viewport: { width: 1280, height: 800 },
    locale: 'es-MX',
    timezoneId: 'America/Monterrey',
    // The product's reduced-motion styles (web/src/app/styles.css): no entrance to wait for before axe judges contrast,
    // no endless animation repainting while a test runs. Nothing the tests assert moves.
    reducedMotion: 'reduce',
    // A failed test keeps its trace (actions, DOM snapshots, network); the screencast, costly for every test that
    // passes, is left out.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // The Debian package and its flags, shared with the benchmarks that drive a browser.
    launchOptions: chromiumOptions,
  },
});
