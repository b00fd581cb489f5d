import { Injectable, Logger } from '@nestjs/common';
import { LOGIN_FAILURE_WINDOW_SECONDS, LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_IP } from '@core/constants';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { RedisService } from '@core/redis/redis.service';

/**
 * Counts failed sign-ins per account and per IP in Redis (shared by every API process).
 * If Redis is unreachable, sign-in stays possible: throttling fails open, and says so in the log.
 */
@Injectable()
export class LoginThrottle {
  private readonly logger = new Logger(LoginThrottle.name);

  constructor(private readonly redis: RedisService) {}

  private keys(email: string, ip: string) {
    return { account: this.redis.key('login-fail', 'account', email), ip: this.redis.key('login-fail', 'ip', ip) };
  }

  async assertAllowed(email: string, ip: string): Promise<void> {
    const keys = this.keys(email, ip);
    let counts: [number, number, number];
    try {
      const pipeline = this.redis.client.multi().get(keys.account).get(keys.ip).ttl(keys.account);
      const res = (await pipeline.exec()) ?? [];
      counts = [Number(res[0]?.[1] ?? 0), Number(res[1]?.[1] ?? 0), Number(res[2]?.[1] ?? -1)];
    } catch (err) {
      this.logger.warn(`Login throttling unavailable: ${(err as Error).message}`);
      return;
    }
    const [account, ipCount, ttl] = counts;
    if (account >= LOGIN_MAX_FAILURES_PER_ACCOUNT || ipCount >= LOGIN_MAX_FAILURES_PER_IP) {
      const seconds = ttl > 0 ? ttl : LOGIN_FAILURE_WINDOW_SECONDS;
      const minutes = Math.max(1, Math.ceil(seconds / 60));
      throw new DomainException(
        ErrorCode.TooManyRequests,
        `Demasiados intentos fallidos de inicio de sesión. Intenta de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
        undefined,
        { 'Retry-After': String(seconds) },
      );
    }
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const keys = this.keys(email, ip);
    try {
      await this.redis.client
        .multi()
        .incr(keys.account)
        .expire(keys.account, LOGIN_FAILURE_WINDOW_SECONDS, 'NX')
        .incr(keys.ip)
        .expire(keys.ip, LOGIN_FAILURE_WINDOW_SECONDS, 'NX')
        .exec();
    } catch (err) {
      this.logger.warn(`Login throttling unavailable: ${(err as Error).message}`);
    }
  }

  async recordSuccess(email: string): Promise<void> {
    try {
      await this.redis.client.del(this.keys(email, '').account);
    } catch {
      /* fail open */
    }
  }
}
