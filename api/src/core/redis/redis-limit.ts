import { Logger } from '@nestjs/common';
import { DomainException, ErrorCode } from '../errors/domain-exception';
import type { RedisService } from './redis.service';

/** A Lua script run as one Redis command (ioredis `defineCommand`): its keys first, then its arguments. */
export interface RedisScript {
  numberOfKeys: number;
  lua: string;
}

/**
 * A limit counted in Redis by Lua scripts, shared by every API process (sign-in throttling, code guessing, request
 * rates). `C` declares the scripts' commands as the limit calls them; they are defined on the shared client once the
 * limit is built. Every limit fails open: when Redis is unreachable the request goes on, and the log says so.
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

  /** Redis did not answer: the limit lets the request through, and says in the log that `what` is unavailable. */
  protected failOpen(what: string, err: unknown): void {
    this.logger.warn(`${what} unavailable: ${(err as Error).message}`);
  }
}

/** 429 with Retry-After: the limit asks the caller to wait `seconds` before trying again. */
export function tooManyRequests(message: string, seconds: number): DomainException {
  return new DomainException(ErrorCode.TooManyRequests, message, undefined, { 'Retry-After': String(seconds) });
}
