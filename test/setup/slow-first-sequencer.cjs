/**
 * The order Jest starts the test files in: the files known to be slow first, then the rest as Jest orders them.
 *
 * Jest orders by each file's time in its last run, kept in its cache — outside the clone and keyed by the clone's
 * path, so a fresh clone (CI) has none — and without times it starts the biggest files first. Some of the slowest
 * files are small (a crash test that waits on processes): started near the end, one of
 * them is a tail the other workers wait out. The list is the table of the slowest files at the end of `.ci/run`
 * (refresh it from there when that table changes); a listed file Jest has a time for is placed by that time.
 */
const { relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

/**
 * Seconds each took in `.ci/run` (Node 20, 3 workers on 2 cores), slowest first. The waitlist suite (72–83 s) was one
 * file before it was cut in two: its share is as measured apart (18.7 and 28.2 s of 43.1 s). The last ones, below the
 * table's seven slowest, are the next in the whole suite measured on a loaded machine (docs/decisions/pruebas.md), its
 * times divided by that run's 5.7: most start and kill processes and wait on them, and Jest by size started them late.
 */
const KNOWN_SECONDS = {
  'test/platform/bad-input.int-spec.ts': 80,
  'test/waitlist/waitlist-expiry.int-spec.ts': 50,
  'test/cluster/failover.int-spec.ts': 49,
  'test/door/door.int-spec.ts': 36,
  'test/personas/import-fault.int-spec.ts': 35,
  'test/waitlist/waitlist.int-spec.ts': 34,
  'test/platform/add-area.spec.ts': 33,
  'test/privacy/arco.int-spec.ts': 32,
  'test/cluster/redis-restart.int-spec.ts': 28,
  'test/seating/mass-assign-crash.int-spec.ts': 27,
  'test/cluster/cluster.int-spec.ts': 26,
  'test/auth/first-password.int-spec.ts': 25,
  'test/cluster/metrics.int-spec.ts': 22,
};

class SlowFirstSequencer extends Sequencer {
  sort(tests) {
    const known = (test) => KNOWN_SECONDS[relative(test.context.config.rootDir, test.path).split('\\').join('/')];
    const estimate = (test) => this.time(test) ?? known(test) * 1000;
    const slow = tests.filter((test) => known(test) !== undefined).sort((a, b) => estimate(b) - estimate(a));
    return [...slow, ...super.sort(tests.filter((test) => known(test) === undefined))];
  }
}

module.exports = SlowFirstSequencer;
