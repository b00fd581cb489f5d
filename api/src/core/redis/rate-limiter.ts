import { Injectable, Logger } from '@nestjs/common';
import { DomainException, ErrorCode } from '../errors/domain-exception';
import { RedisService } from './redis.service';

/**
 * Fixed-window request limits in Redis, shared by every API process. Fails open when Redis is
 * unreachable: a citizen may still register while the cache is down.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger(RateLimiter.name);

  constructor(private readonly redis: RedisService) {}

  async consume(bucket: string, key: string, limit: number, windowSeconds: number): Promise<void> {
    const window = Math.floor(Date.now() / 1000 / windowSeconds);
    const redisKey = this.redis.key('rate', bucket, key, String(window));
    let count: number;
    try {
      const res = await this.redis.client
        .multi()
        .incr(redisKey)
        .expire(redisKey, windowSeconds + 1)
        .exec();
      count = Number(res?.[0]?.[1] ?? 0);
    } catch (err) {
      this.logger.warn(`Rate limiting unavailable: ${(err as Error).message}`);
      return;
    }
    if (count > limit) {
      const retryAfter = windowSeconds - (Math.floor(Date.now() / 1000) % windowSeconds);
      throw new DomainException(
        ErrorCode.TooManyRequests,
        'Demasiadas solicitudes desde tu conexión. Espera un momento e intenta de nuevo.',
        undefined,
        { 'Retry-After': String(retryAfter) },
      );
    }
  }
}
