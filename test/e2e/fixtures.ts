import { test as base } from '@playwright/test';
import { startServer } from './own-server';

export { expect } from '@playwright/test';

/**
 * Every browser spec's `test`: each Playwright worker drives a server of its own (test/e2e/start-server.mjs through
 * own-server.ts: its own database, Redis prefix and port), started when the worker's first test needs `baseURL` and
 * stopped, its database dropped, when the worker ends. The spec files are spread over the workers (playwright.config.ts,
 * E2E_WORKERS) and each runs alone against its worker's server, after the files that worker ran before it, as they all
 * ran one after another on a single server before. A spec whose data must stay apart overrides `baseURL` with a server
 * of its own (own-server.ts, `ownServer`), and then its worker's server is not started for it.
 *
 * The port is E2E_PORT (3199 unset) plus the worker's index (0, 1, …): several checkouts on one machine keep theirs
 * apart by E2E_PORT, as before.
 */
export const test = base.extend<object, { workerServer: string }>({
  workerServer: [
    // Playwright reads a fixture's dependencies from this pattern: none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const port = String(Number(process.env.E2E_PORT ?? '3199') + workerInfo.parallelIndex);
      const server = await startServer({ port });
      try {
        await use(server.url);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ workerServer }, use) => use(workerServer),
});
