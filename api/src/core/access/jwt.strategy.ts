import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { jwtKey } from './jwt-key';
import { SessionResolver, type TokenClaims } from '../realtime/session-resolver';
import type { Request } from 'express';
import type { AuthUser } from './current-user';
import { isQueueDashboardPath, QUEUE_DASHBOARD_SCOPE, queueDashboardCookie } from './dashboard-cookie';

/** passport-jwt: verifies signature and expiry, then the session (logout, deleted user) and fresh permissions. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sessions: SessionResolver,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([ExtractJwt.fromAuthHeaderAsBearerToken(), queueDashboardCookie]),
      // passport-jwt hands the key to jsonwebtoken untouched; its types only name string and Buffer.
      secretOrKey: jwtKey(config.jwtSecret) as unknown as Buffer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
      passReqToCallback: true,
    });
  }

  async validate(req: Request, claims: TokenClaims & { scope?: unknown }): Promise<AuthUser | false> {
    // A dashboard token opens the dashboard only; on the dashboard, a token from its cookie must be one.
    const fromCookie = !req.headers.authorization;
    if (claims.scope !== undefined && (claims.scope !== QUEUE_DASHBOARD_SCOPE || !isQueueDashboardPath(req.path))) return false;
    if (fromCookie && claims.scope !== QUEUE_DASHBOARD_SCOPE) return false;
    return (await this.sessions.resolveClaims(claims)) ?? false;
  }
}
