import { Injectable } from '@nestjs/common';
import { RedisLimit, tooManyRequests } from './redis-limit';
import { RedisService } from './redis.service';

/** Requests waiting to be counted on one Redis key, and whether a count is on its way. */
interface KeyCounter {
  busy: boolean;
  waiting: Array<(position: number | null) => void>;
}

/** Adds n to the window's counter, giving it its expiry when it is new; answers the new total. One round trip. */
const INCREMENT_SCRIPT = `
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
if total == tonumber(ARGV[1]) then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return total`;

type CountingCommands = { aforoRateIncrement(key: string, n: number, ttlSeconds: number): Promise<number> };

/**
 * Fixed-window request limits in Redis, shared by every API process. Fails open when Redis is
 * unreachable: a citizen may still register while the cache is down.
 *
 * Counting is coalesced per key: while one increment of a key is on its way to Redis, the requests
 * that arrive for the same key wait and are counted together by the next one (`INCRBY n`), each
 * getting its own position in the window — exact, and one round trip per group instead of one per
 * request when many requests come from one address at once.
 */
@Injectable()
export class RateLimiter extends RedisLimit<CountingCommands> {
  private readonly counters = new Map<string, KeyCounter>();

  constructor(redis: RedisService) {
    super(redis, { aforoRateIncrement: { numberOfKeys: 1, lua: INCREMENT_SCRIPT } });
  }

  async consume(bucket: string, key: string, limit: number, windowSeconds: number): Promise<void> {
    const window = Math.floor(Date.now() / 1000 / windowSeconds);
    const count = await this.increment(this.redis.key('rate', bucket, key, String(window)), windowSeconds + 1);
    if (count !== null && count > limit) {
      const retryAfter = windowSeconds - (Math.floor(Date.now() / 1000) % windowSeconds);
      throw tooManyRequests('Demasiadas solicitudes desde tu conexión. Espera un momento e intenta de nuevo.', retryAfter);
    }
  }

  /** This request's position in the key's window, or null when Redis could not count it. */
  private increment(redisKey: string, ttlSeconds: number): Promise<number | null> {
    return new Promise((resolve) => {
      let counter = this.counters.get(redisKey);
      if (!counter) {
        counter = { busy: false, waiting: [] };
        this.counters.set(redisKey, counter);
      }
      counter.waiting.push(resolve);
      if (!counter.busy) void this.count(redisKey, counter, ttlSeconds);
    });
  }

  private async count(redisKey: string, counter: KeyCounter, ttlSeconds: number): Promise<void> {
    counter.busy = true;
    while (counter.waiting.length > 0) {
      const group = counter.waiting.splice(0);
      let total: number | null = null;
      try {
        total = Number(await this.client.aforoRateIncrement(redisKey, group.length, ttlSeconds));
      } catch (err) {
        this.unavailable('Rate limiting (fails open)', err);
      }
      group.forEach((resolve, i) => resolve(total === null ? null : total - group.length + 1 + i));
    }
    this.counters.delete(redisKey);
  }
}
