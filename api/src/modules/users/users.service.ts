import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@core/access/current-user';
import { mergePermissions, normalizePermissions, type Permissions } from '@shared/permissions';
import { SessionsRepository } from '@core/access/sessions.repository';
import type { UserResponse } from '@shared/contracts/users.contract';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { UsersError } from './users.errors';
import type { EventActor } from '@shared/events/domain-events';
import { UnitOfWork, type Transaction } from '@core/outbox/unit-of-work';
import { hashPassword } from './password-hasher';
import type { CreateUserDto, UpdateUserDto } from './users.dto';
import { toUserResponse } from './users.mapper';
import { UsersRepository } from './users.repository';

const samePermissions = (a: Permissions, b: Permissions) =>
  JSON.stringify(normalizePermissions(a).value) === JSON.stringify(normalizePermissions(b).value);

@Injectable()
export class UsersService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
  ) {}

  async list(): Promise<UserResponse[]> {
    return (await this.users.list()).map(toUserResponse);
  }

  async create(dto: CreateUserDto, actor: EventActor): Promise<UserResponse> {
    const passwordHash = await hashPassword(dto.password);
    return this.uow.run(actor, async (tx) => {
      await this.assertEmailFree(tx, dto.email);
      const user = await this.users.insert(tx.manager, {
        name: dto.name,
        email: dto.email,
        passwordHash,
        isSuperAdmin: dto.is_super_admin ?? false,
        permissions: normalizePermissions(dto.permissions).value,
      });
      const response = toUserResponse(user);
      await tx.record({ type: 'user.created', resourceId: user.id, payload: { user: response } });
      return response;
    });
  }

  async update(id: number, dto: UpdateUserDto, caller: AuthUser, actor: EventActor): Promise<UserResponse> {
    const passwordHash = dto.password ? await hashPassword(dto.password) : undefined;
    return this.uow.run(actor, async (tx) => {
      const current = await this.users.findByIdForUpdate(tx.manager, id);
      if (!current) throw new DomainException(ErrorCode.NotFound, 'El usuario no existe.');
      await this.assertEmailFree(tx, dto.email, id);
      const isSuperAdmin = dto.is_super_admin ?? current.isSuperAdmin;
      if (current.isSuperAdmin && !isSuperAdmin && (await this.users.countOtherSuperAdminsForUpdate(tx.manager, id)) === 0) {
        throw new DomainException(UsersError.LastSuperAdmin, 'Debe existir al menos un super administrador.');
      }
      const permissions = mergePermissions(current.permissions, dto.permissions);
      const updated = await this.users.update(tx.manager, id, {
        name: dto.name,
        email: dto.email,
        isSuperAdmin,
        permissions,
        ...(passwordHash ? { passwordHash } : {}),
      });
      // A new password ends the account's other sessions (the caller's own stays signed in).
      const revoked = passwordHash
        ? await this.sessions.revokeAllForUser(tx.manager, id, caller.id === id ? caller.sessionId : undefined)
        : [];
      const response = toUserResponse(updated);
      await tx.record({
        type: 'user.updated',
        resourceId: id,
        payload: {
          user: response,
          access_changed: isSuperAdmin !== current.isSuperAdmin || !samePermissions(permissions, current.permissions),
          revoked_sessions: revoked,
        },
      });
      return response;
    });
  }

  async remove(id: number, caller: AuthUser, actor: EventActor): Promise<void> {
    if (id === caller.id) throw new DomainException(UsersError.CannotDeleteSelf, 'No puedes eliminar tu propia cuenta.');
    await this.uow.run(actor, async (tx) => {
      const current = await this.users.findByIdForUpdate(tx.manager, id);
      if (!current) throw new DomainException(ErrorCode.NotFound, 'El usuario no existe.');
      await this.users.delete(tx.manager, id);
      await tx.record({ type: 'user.deleted', resourceId: id, payload: { user_id: id } });
    });
  }

  private async assertEmailFree(tx: Transaction, email: string, exceptId?: number): Promise<void> {
    if (await this.users.emailTaken(email, exceptId, tx.manager)) {
      throw DomainException.validation({ email: ['El correo electrónico ya está registrado.'] });
    }
  }
}
