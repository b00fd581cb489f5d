import { CanActivate, ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RateLimiter } from '../redis/rate-limiter';

/**
 * A limit per minute and IP with a setting of its own (WAITLIST_JOIN_LIMIT…), declared beside its setting: one
 * counter per name, shared by every route that names it.
 */
export interface DeclaredRateLimit {
  readonly name: string;
  readonly perMinute: (config: never) => number;
}

export const defineRateLimit = <C>(name: string, perMinute: (config: C) => number): DeclaredRateLimit => ({
  name,
  perMinute: perMinute as (config: never) => number,
});

/** The platform's limits (PUBLIC_READ/WRITE_LIMIT_PER_MINUTE), or one a setting declares. */
export type RateLimitKind = 'public-read' | 'public-write' | DeclaredRateLimit;
const RATE_LIMIT = 'aforo:rate-limit';

const PLATFORM_LIMITS = {
  'public-read': defineRateLimit<AppConfig>('public-read', (c) => c.publicReadLimitPerMinute),
  'public-write': defineRateLimit<AppConfig>('public-write', (c) => c.publicWriteLimitPerMinute),
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
    for (const kind of kinds) {
      const limit = typeof kind === 'string' ? PLATFORM_LIMITS[kind] : kind;
      await this.limiter.consume(limit.name, ip, limit.perMinute(this.config as never), 60);
    }
    return true;
  }
}
