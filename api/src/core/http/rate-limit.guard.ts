import { CanActivate, ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RateLimiter } from '../redis/rate-limiter';

export type RateLimitKind = 'public-read' | 'public-write';
const RATE_LIMIT = 'aforo:rate-limit';

/** Limits a public route per IP (limits are configuration: PUBLIC_READ/WRITE_LIMIT_PER_MINUTE). */
export const RateLimit = (kind: RateLimitKind) => SetMetadata(RATE_LIMIT, kind);

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const kind = this.reflector.getAllAndOverride<RateLimitKind | undefined>(RATE_LIMIT, [context.getHandler(), context.getClass()]);
    if (!kind) return true;
    const ip = context.switchToHttp().getRequest<Request>().ip ?? 'unknown';
    const limit = kind === 'public-read' ? this.config.publicReadLimitPerMinute : this.config.publicWriteLimitPerMinute;
    await this.limiter.consume(kind, ip, limit, 60);
    return true;
  }
}
