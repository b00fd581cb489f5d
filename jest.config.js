/** Unit tests (pure logic) and integration tests (real PostgreSQL and Redis, one fresh database per file). */
module.exports = {
  testEnvironment: 'node',
  rootDir: '.',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.spec.ts', '**/*.int-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  moduleNameMapper: {
    '^@core/(.*)$': '<rootDir>/api/src/core/$1',
    '^@modules/(.*)$': '<rootDir>/api/src/modules/$1',
    '^@shared/(.*)$': '<rootDir>/api/src/shared/$1',
  },
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
  // Hooks (a file's app, database, processes) get two minutes unless they say otherwise; tests keep testTimeout.
  setupFilesAfterEnv: ['<rootDir>/test/setup/hook-timeouts.ts'],
  // AFORO_TIMINGS=<folder> also writes each file's time there (the table at the end of .ci/run).
  reporters: ['default', '<rootDir>/test/setup/timings-reporter.cjs'],
  // The files known to be slow start first, also on a fresh clone where Jest has no times of its own (its comment).
  testSequencer: '<rootDir>/test/setup/slow-first-sequencer.cjs',
  // 3 on 2 cores: the suite waits on databases, timers and child processes more than on the CPU (docs/decisions/pruebas.md).
  maxWorkers: 3,
  testTimeout: 30000,
};
