import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '@core/access/current-user';
import { SessionsRepository } from '@core/access/sessions.repository';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import { ME_RECENT_AUDIT_LOGS } from '@core/constants';
import type { AuthResponse, MeResponse } from '@shared/contracts/users.contract';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import type { EventActor } from '@shared/events/domain-events';
import { UnitOfWork, type Transaction } from '@core/outbox/unit-of-work';
import { toAuditLogResponse } from '@core/audit/audit.mapper';
import { AuditRepository } from '@core/audit/audit.repository';
import { toUserResponse } from '../users/users.mapper';
import { UsersRepository } from '../users/users.repository';
import type { LoginDto, RegisterDto } from './auth.dto';
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
    if (!user || !ok) throw new DomainException(ErrorCode.InvalidCredentials, 'Las credenciales proporcionadas son incorrectas.');
    await this.throttle.succeeded(dto.email, ip);
    const token = await this.uow.run({ userId: user.id, ip }, async (tx) => {
      const issued = await this.issueToken(tx, user.id, ip);
      await tx.record({ type: 'auth.logged-in', resourceId: user.id, payload: { user_id: user.id } });
      return issued;
    });
    return { token, user: toUserResponse(user) };
  }

  async register(dto: RegisterDto, ip: string): Promise<AuthResponse> {
    if (!this.config.allowRegistration) {
      throw new DomainException(ErrorCode.RegistrationClosed, 'El registro de cuentas está deshabilitado.');
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
      return { token, user: response };
    });
  }

  async logout(user: AuthUser, actor: EventActor): Promise<void> {
    await this.uow.run(actor, async (tx) => {
      if (await this.sessions.revoke(tx.manager, user.sessionId)) {
        await tx.record({ type: 'auth.logged-out', resourceId: user.id, payload: { user_id: user.id, session_id: user.sessionId } });
      }
    });
  }

  async me(user: AuthUser): Promise<MeResponse> {
    const logs = await this.audit.recentForUser(user.id, ME_RECENT_AUDIT_LOGS);
    return {
      data: {
        user: {
          ...toUserResponse({ ...user, isSuperAdmin: user.is_super_admin, createdAt: new Date(user.created_at) }),
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
