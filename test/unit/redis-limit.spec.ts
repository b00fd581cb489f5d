import { LocalCounts, RedisLimit } from '../../api/src/core/redis/redis-limit';
import type { RedisService } from '../../api/src/core/redis/redis.service';

/** A limit with no scripts, to reach the base's log of an outage. */
class Probe extends RedisLimit<object> {
  constructor() {
    super({ client: { defineCommand: () => undefined } } as unknown as RedisService, {});
  }
  fail(what: string): void {
    this.unavailable(what, new Error('connect ECONNREFUSED'));
  }
  get warn(): jest.SpyInstance {
    return jest.spyOn(this.logger, 'warn').mockImplementation(() => undefined);
  }
}

describe('RedisLimit and LocalCounts (pure logic)', () => {
  let now = 1_000_000;
  beforeEach(() => jest.spyOn(Date, 'now').mockImplementation(() => now));
  afterEach(() => jest.restoreAllMocks());

  it('says Redis is unavailable once per 10 s per limit, not once per request of an outage', () => {
    const probe = new Probe();
    const warn = probe.warn;
    for (let i = 0; i < 50; i++) probe.fail('Rate limiting (fails open)');
    probe.fail('Login throttling (fails open)');
    expect(warn).toHaveBeenCalledTimes(2);
    now += 9_999;
    probe.fail('Rate limiting (fails open)');
    expect(warn).toHaveBeenCalledTimes(2);
    now += 1;
    probe.fail('Rate limiting (fails open)');
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn).toHaveBeenLastCalledWith('Rate limiting (fails open): Redis unavailable (connect ECONNREFUSED)');
  });

  it('LocalCounts: a counter expires ttl seconds after it was created, as a Redis key given its EXPIRE when new', () => {
    const c = new LocalCounts();
    c.add('k', 1, 60);
    now += 30_000;
    c.add('k', 1, 60);
    expect([c.get('k'), c.ttl('k')]).toEqual([2, 30]);
    c.add('k', -2, 60);
    expect([c.get('k'), c.ttl('k')]).toEqual([0, 0]);
    c.add('k', 1, 60);
    now += 60_000;
    expect([c.get('k'), c.ttl('k')]).toEqual([0, 0]);
  });
});
