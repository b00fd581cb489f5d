import { Injectable, Logger } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy as PassportStrategyBase } from 'passport';
import { heldPermissions, intersectPermissions } from '@shared/permissions';
import { hashApiToken, looksLikeApiToken } from './api-token-secret';
import { ApiTokensRepository } from './api-tokens.repository';
import type { AuthUser } from './current-user';

/** A token's last use is written at most this often (seconds): not one write per request. */
export const API_TOKEN_TOUCH_SECONDS = 60;

type Verify = (req: Request, token: string, done: (err: unknown, user?: AuthUser | false) => void) => void;

/**
 * A bearer that is one of our API tokens (`afo_…`). Anything else fails at once without a query, so passport goes on
 * to the JWT strategy (the access guard tries this one first).
 */
class BearerApiTokenStrategy extends PassportStrategyBase {
  override name = 'api-token';

  constructor(private readonly verify: Verify) {
    super();
  }

  override authenticate(req: Request): void {
    const [scheme, token, ...rest] = (req.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token || rest.length > 0 || !looksLikeApiToken(token)) return this.fail(401);
    this.verify(req, token, (err, user) => {
      if (err) return this.error(err as Error);
      if (!user) return this.fail(401);
      this.success(user);
    });
  }
}

/**
 * The API token strategy, beside passport-jwt: the token's owner as they are now, with the token's scopes within the
 * owner's current permissions (a permission the owner lost is lost by the token) and never as a super admin.
 */
@Injectable()
export class ApiTokenStrategy extends PassportStrategy(BearerApiTokenStrategy, 'api-token') {
  private readonly logger = new Logger(ApiTokenStrategy.name);

  constructor(private readonly tokens: ApiTokensRepository) {
    super();
  }

  async validate(req: Request, token: string): Promise<AuthUser | false> {
    const found = await this.tokens.findActive(hashApiToken(token));
    if (!found) return false;
    const { token: t, user } = found;
    if (!t.last_used_at || Date.now() - new Date(t.last_used_at).getTime() >= API_TOKEN_TOUCH_SECONDS * 1000) {
      // The statement re-checks the age, so several requests (or replicas) at once write once.
      await this.tokens.touch(t.id, req.ip ?? null, API_TOKEN_TOUCH_SECONDS).catch((err: unknown) => {
        this.logger.warn(`Last use of API token ${t.id} not recorded: ${String(err)}`);
      });
    }
    return {
      ...user,
      is_super_admin: false,
      permissions: intersectPermissions(t.permissions, heldPermissions(user)),
      sessionId: '',
      apiToken: { id: t.id, name: t.name },
    };
  }
}
