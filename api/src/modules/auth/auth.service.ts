import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '@core/access/current-user';
import { SessionsRepository } from '@core/access/sessions.repository';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import { ME_RECENT_AUDIT_LOGS } from './auth.constants';
import type { AuthResponse, MeResponse, SessionUserResponse } from '@shared/contracts/users.contract';
import { DomainException } from '@core/errors/domain-exception';
import { AuthError } from './auth.errors';
import type { EventActor } from '@shared/events/domain-events';
import { UnitOfWork, type Transaction } from '@core/outbox/unit-of-work';
import { toAuditLogResponse } from '@core/audit/audit.mapper';
import { AuditRepository } from '@core/audit/audit.repository';
import { toSessionUserResponse, toUserResponse } from '../users/users.mapper';
import { UsersRepository } from '../users/users.repository';
import type { ChangePasswordDto, LoginDto, RegisterDto } from './auth.dto';
import { LoginThrottle } from './login-throttle';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../users/password-hasher';

@Injectable()
export class AuthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jwt: JwtService,
    private readonly uow: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly audit: AuditRepository,
    private readonly throttle: LoginThrottle,
  ) {}

  async login(dto: LoginDto, ip: string): Promise<AuthResponse> {
    // Counted as a failure from here on, until the password proves right.
    await this.throttle.take(dto.email, ip);
    const user = await this.users.findByEmailWithPassword(dto.email);
    const ok = await verifyPassword(dto.password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !ok) throw new DomainException(AuthError.InvalidCredentials, 'Las credenciales proporcionadas son incorrectas.');
    await this.throttle.succeeded(dto.email, ip);
    const token = await this.uow.run({ userId: user.id, ip }, async (tx) => {
      const issued = await this.issueToken(tx, user.id, ip);
      await tx.record({ type: 'auth.logged-in', resourceId: user.id, payload: { user_id: user.id } });
      return issued;
    });
    return { token, user: toSessionUserResponse(user) };
  }

  async register(dto: RegisterDto, ip: string): Promise<AuthResponse> {
    if (!this.config.allowRegistration) {
      throw new DomainException(AuthError.RegistrationClosed, 'El registro de cuentas está deshabilitado.');
    }
    const passwordHash = await hashPassword(dto.password);
    return this.uow.run({ userId: null, ip }, async (tx) => {
      if (await this.users.emailTaken(dto.email, undefined, tx.manager)) {
        throw DomainException.validation({ email: ['El correo electrónico ya está registrado.'] });
      }
      // Self-registered accounts start with no permissions: a super admin grants them.
      const user = await this.users.insert(tx.manager, {
        name: dto.name,
        email: dto.email,
        passwordHash,
        isSuperAdmin: false,
        permissions: {},
      });
      const token = await this.issueToken(tx, user.id, ip);
      const response = toUserResponse(user);
      await tx.record({ type: 'auth.registered', resourceId: user.id, payload: { user: response } });
      return { token, user: { ...response, must_change_password: false } };
    });
  }

  async logout(user: AuthUser, actor: EventActor): Promise<void> {
    await this.uow.run(actor, async (tx) => {
      if (await this.sessions.revoke(tx.manager, user.sessionId)) {
        await tx.record({ type: 'auth.logged-out', resourceId: user.id, payload: { user_id: user.id, session_id: user.sessionId } });
      }
    });
  }

  /**
   * Changes the caller's own password: the current one proves it is them (each wrong one counts as a failed
   * sign-in: same throttle), the new one must differ. Clears must_change_password and ends the other sessions.
   */
  async changePassword(user: AuthUser, dto: ChangePasswordDto, actor: EventActor): Promise<SessionUserResponse> {
    const ip = actor.ip ?? 'unknown';
    await this.throttle.take(user.email, ip);
    const stored = await this.users.findByEmailWithPassword(user.email);
    if (!stored || !(await verifyPassword(dto.current_password, stored.passwordHash))) {
      throw DomainException.validation({ current_password: ['La contraseña actual no es correcta.'] });
    }
    await this.throttle.succeeded(user.email, ip);
    if (await verifyPassword(dto.password, stored.passwordHash)) {
      throw DomainException.validation({ password: ['La nueva contraseña debe ser distinta de la actual.'] });
    }
    const passwordHash = await hashPassword(dto.password);
    return this.uow.run(actor, async (tx) => {
      const current = await this.users.findByIdWithPasswordForUpdate(tx.manager, user.id);
      // Changed meanwhile (another tab, an administrator): the proof above no longer holds.
      if (!current || current.passwordHash !== stored.passwordHash) {
        throw DomainException.validation({ current_password: ['La contraseña actual no es correcta.'] });
      }
      const updated = await this.users.update(tx.manager, user.id, { passwordHash, mustChangePassword: false });
      const revoked = await this.sessions.revokeAllForUser(tx.manager, user.id, user.sessionId);
      await tx.record({
        type: 'user.updated',
        resourceId: user.id,
        payload: { user: toUserResponse(updated), access_changed: false, revoked_sessions: revoked },
      });
      return toSessionUserResponse(updated);
    });
  }

  async me(user: AuthUser): Promise<MeResponse> {
    const logs = await this.audit.recentForUser(user.id, ME_RECENT_AUDIT_LOGS);
    return {
      data: {
        user: {
          ...toSessionUserResponse({
            ...user,
            isSuperAdmin: user.is_super_admin,
            createdAt: new Date(user.created_at),
            mustChangePassword: user.must_change_password,
          }),
          audit_logs: logs.map(toAuditLogResponse),
        },
      },
    };
  }

  private async issueToken(tx: Transaction, userId: number, ip: string | null): Promise<string> {
    const sessionId = randomUUID();
    const expiresAt = new Date(Date.now() + this.config.jwtExpiresInSeconds * 1000);
    await this.sessions.create(tx.manager, { id: sessionId, userId, expiresAt, ip });
    return this.jwt.signAsync({ sub: userId, jti: sessionId });
  }
}
