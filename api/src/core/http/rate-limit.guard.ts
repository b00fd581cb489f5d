import { CanActivate, ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RateLimiter } from '../redis/rate-limiter';

export type RateLimitKind = 'public-read' | 'public-write' | 'waitlist-join';
const RATE_LIMIT = 'aforo:rate-limit';

/** Each kind's limit per minute and IP: one counter per kind, shared by every route that names it. */
const LIMITS: Record<RateLimitKind, (config: AppConfig) => number> = {
  'public-read': (c) => c.publicReadLimitPerMinute,
  'public-write': (c) => c.publicWriteLimitPerMinute,
  // Both waitlists' joins: each mails an address, so far fewer than other writes.
  'waitlist-join': (c) => c.waitlistJoinLimitPerMinute,
};

/**
 * Limits a public route per IP (limits are configuration: PUBLIC_READ/WRITE_LIMIT_PER_MINUTE, …). A route may count in
 * several kinds: a request passes only while it is within every one.
 */
export const RateLimit = (...kinds: [RateLimitKind, ...RateLimitKind[]]) => SetMetadata(RATE_LIMIT, kinds);

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const kinds = this.reflector.getAllAndOverride<RateLimitKind[] | undefined>(RATE_LIMIT, [context.getHandler(), context.getClass()]);
    if (!kinds) return true;
    const ip = context.switchToHttp().getRequest<Request>().ip ?? 'unknown';
    for (const kind of kinds) await this.limiter.consume(kind, ip, LIMITS[kind](this.config), 60);
    return true;
  }
}
