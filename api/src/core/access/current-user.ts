import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Permissions } from '@shared/permissions';

/** The signed-in caller as the guard resolved it for this request (fresh from the database). */
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  is_super_admin: boolean;
  permissions: Permissions;
  created_at: Date;
  /** A generated password not changed yet: only the routes declared `SignedIn({ beforePasswordChange: true })` answer. */
  must_change_password: boolean;
  /** The session's id ('' for an API token: it has none). */
  sessionId: string;
  /**
   * Set when the caller is an API token (api-token.strategy.ts): then `permissions` are the token's scopes within the
   * owner's current permissions and `is_super_admin` is false (docs/decisions/seguridad.md «Tokens de API»).
   */
  apiToken?: { id: number; name: string } | null;
}

export interface AforoRequest extends Request {
  user?: AuthUser;
}

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser | undefined => {
  return ctx.switchToHttp().getRequest<AforoRequest>().user;
});

/** Who did it and from where, for the domain event of the change. */
export const Actor = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const req = ctx.switchToHttp().getRequest<AforoRequest>();
  return { userId: req.user?.id ?? null, ip: req.ip ?? null, apiTokenId: req.user?.apiToken?.id ?? null };
});
