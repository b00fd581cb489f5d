import { ExecutionContext, Inject, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DomainException, ErrorCode } from '../errors/domain-exception';
import { ACCESS_RULE, API_TOKEN_ALLOWED, BEFORE_PASSWORD_CHANGE, type AccessRule } from './access.decorators';
import { API_TOKEN_PREFIX } from '@shared/contracts/api-tokens.contract';
import type { AforoRequest, AuthUser } from './current-user';
import { metricsAccess, metricsRefusal } from './metrics-access';
import { can, canInAnyArea } from '@shared/permissions';

/**
 * The one global guard: reads the route's access rule, authenticates the bearer token through passport (an API token,
 * `afo_…`, by api-token.strategy.ts; a session's JWT by jwt.strategy.ts) and checks the rule. A route without a rule
 * is refused.
 */
@Injectable()
export class AccessGuard extends AuthGuard(['api-token', 'jwt']) {
  private readonly logger = new Logger(AccessGuard.name);

  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [context.getHandler(), context.getClass()]);
    if (!rule) {
      this.logger.error(`Route without an access rule refused: ${context.getClass().name}.${context.getHandler().name}`);
      throw new DomainException(ErrorCode.Forbidden, 'Esta ruta no declara quién puede usarla.');
    }
    const req = context.switchToHttp().getRequest<AforoRequest>();
    if (rule.kind === 'metrics') {
      const access = metricsAccess(req.socket.remoteAddress, req.headers, this.config.metricsToken);
      if (access === 'allowed') return true;
      throw metricsRefusal(access);
    }
    if (rule.kind === 'public') {
      // Identify the caller when a token is sent (draft previews), never refuse.
      if (req.headers.authorization) {
        try {
          await super.canActivate(context);
        } catch {
          req.user = undefined;
        }
        // A generated password not changed yet identifies nobody (no draft previews with it).
        if (req.user?.must_change_password) req.user = undefined;
      }
      return true;
    }
    await super.canActivate(context);
    const user = req.user as AuthUser;
    if (
      user.must_change_password &&
      !this.reflector.getAllAndOverride<boolean>(BEFORE_PASSWORD_CHANGE, [context.getHandler(), context.getClass()])
    ) {
      throw new DomainException(
        ErrorCode.PasswordChangeRequired,
        'Debes cambiar tu contraseña antes de continuar: la contraseña inicial solo sirve para elegir una nueva.',
      );
    }
    if (user.apiToken && rule.kind === 'signed-in') {
      if (this.reflector.getAllAndOverride<boolean>(API_TOKEN_ALLOWED, [context.getHandler(), context.getClass()])) return true;
      throw new DomainException(ErrorCode.Forbidden, 'Un token de API no puede usar esta ruta: es solo para una sesión iniciada.');
    }
    if (rule.kind === 'signed-in') return true;
    if (rule.kind === 'super-admin' && user.is_super_admin) return true;
    if (rule.kind === 'permission') {
      const allowed = (action: (typeof rule.actions)[number]) => can(user, rule.area, action);
      if (rule.mode === 'all' ? rule.actions.every(allowed) : rule.actions.some(allowed)) return true;
    }
    if (rule.kind === 'permission-in-any-area' && canInAnyArea(user, rule.areas, rule.action)) return true;
    if (user.apiToken) throw new DomainException(ErrorCode.Forbidden, 'El token de API no tiene permiso para realizar esta acción.');
    throw new DomainException(ErrorCode.Forbidden, 'No tienes permiso para realizar esta acción.');
  }

  override handleRequest<TUser = AuthUser>(err: unknown, user: TUser | false, _info?: unknown, context?: ExecutionContext): TUser {
    if (err instanceof DomainException) throw err;
    if (err || !user) {
      const bearer = context?.switchToHttp().getRequest<AforoRequest>().headers.authorization ?? '';
      if (/^bearer\s+/i.test(bearer) && bearer.replace(/^bearer\s+/i, '').startsWith(API_TOKEN_PREFIX)) {
        throw new DomainException(ErrorCode.Unauthenticated, 'El token de API no es válido, venció o fue revocado.');
      }
      throw new DomainException(ErrorCode.Unauthenticated, 'No autenticado. Inicia sesión para continuar.');
    }
    return user;
  }
}
