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
  /** A generated password not changed yet: only the routes marked @AllowedBeforePasswordChange() answer. */
  must_change_password: boolean;
  sessionId: string;
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
  return { userId: req.user?.id ?? null, ip: req.ip ?? null };
});
