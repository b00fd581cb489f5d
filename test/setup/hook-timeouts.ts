/**
 * A `beforeAll`/`afterAll` without its own timeout gets two minutes, a test keeps jest.config's 30 s. Hooks start
 * and stop what a file needs (a fresh database, Nest, the workers, child processes): setup, not a behaviour under
 * test. Beside the browser tests on a loaded 2-core host (the Node 24 run in .ci/run), one such start once took
 * longer than 30 s and failed a file whose tests were fine. A hook that passes its own timeout keeps it.
 */
const HOOK_TIMEOUT_MS = 120_000;

for (const name of ['beforeAll', 'afterAll'] as const) {
  const hook = globalThis[name];
  globalThis[name] = ((fn: jest.ProvidesHookCallback, timeout?: number) => hook(fn, timeout ?? HOOK_TIMEOUT_MS)) as typeof hook;
}
