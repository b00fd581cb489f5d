import { Logger } from '@nestjs/common';
import { DomainException, ErrorCode } from '../errors/domain-exception';
import type { RedisService } from './redis.service';

/** How often a limit says in the log that Redis does not answer, while it does not. */
const UNAVAILABLE_LOG_EVERY_MS = 10_000;

/** A Lua script run as one Redis command (ioredis `defineCommand`): its keys first, then its arguments. */
export interface RedisScript {
  numberOfKeys: number;
  lua: string;
}

/**
 * A limit counted in Redis by Lua scripts, shared by every API process (sign-in throttling, code guessing, request
 * rates). `C` declares the scripts' commands as the limit calls them; they are defined on the shared client once the
 * limit is built. When Redis is unreachable a limit fails open (the request goes on, and the log says so), or, where
 * a secret is guessed, counts in the process itself meanwhile (`LocalCounts`): the confirmation codes.
 */
export abstract class RedisLimit<C extends object> {
  protected readonly logger = new Logger(this.constructor.name);
  protected readonly client: RedisService['client'] & C;

  constructor(
    protected readonly redis: RedisService,
    scripts: Record<keyof C & string, RedisScript>,
  ) {
    for (const [name, script] of Object.entries<RedisScript>(scripts)) redis.client.defineCommand(name, script);
    this.client = redis.client as RedisService['client'] & C;
  }

  private readonly warnedAt = new Map<string, number>();

  /**
   * Redis did not answer `what`: says so in the log, at most once every UNAVAILABLE_LOG_EVERY_MS per `what` (during an
   * outage every request comes here, and a confirmation waiting for attempts in flight asks every 20 ms).
   */
  protected unavailable(what: string, err: unknown): void {
    const now = Date.now();
    if (now - (this.warnedAt.get(what) ?? -Infinity) < UNAVAILABLE_LOG_EVERY_MS) return;
    this.warnedAt.set(what, now);
    this.logger.warn(`${what}: Redis unavailable (${(err as Error).message})`);
  }
}

/**
 * Counters kept in this process, each expiring `ttlSeconds` after it was created (as a Redis key given its EXPIRE
 * when new): a limit's stand-in while Redis is unreachable. Per process, so N replicas allow N times the limit
 * during the outage, instead of no limit at all.
 */
export class LocalCounts {
  private readonly counts = new Map<string, { n: number; until: number }>();

  get(key: string): number {
    const c = this.counts.get(key);
    if (!c) return 0;
    if (c.until > Date.now()) return c.n;
    this.counts.delete(key);
    return 0;
  }

  /** Seconds until the key's counter expires (0 when there is none). */
  ttl(key: string): number {
    const c = this.counts.get(key);
    return c && c.until > Date.now() ? Math.ceil((c.until - Date.now()) / 1000) : 0;
  }

  add(key: string, n: number, ttlSeconds: number): void {
    if (this.counts.size > 10_000) for (const [k] of this.counts) this.get(k); // drops the expired
    const total = this.get(key) + n;
    if (total <= 0) this.counts.delete(key);
    else this.counts.set(key, { n: total, until: this.counts.get(key)?.until ?? Date.now() + ttlSeconds * 1000 });
  }
}

/** 429 with Retry-After: the limit asks the caller to wait `seconds` before trying again. */
export function tooManyRequests(message: string, seconds: number): DomainException {
  return new DomainException(ErrorCode.TooManyRequests, message, undefined, { 'Retry-After': String(seconds) });
}
