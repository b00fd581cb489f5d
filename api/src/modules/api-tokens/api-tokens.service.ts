import { Injectable } from '@nestjs/common';
import { newApiTokenSecret } from '@core/access/api-token-secret';
import { ApiTokensRepository } from '@core/access/api-tokens.repository';
import type { AuthUser } from '@core/access/current-user';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import { UnitOfWork } from '@core/outbox/unit-of-work';
import { API_TOKEN_LIMITS, type ApiTokenResponse, type CreatedApiTokenResponse } from '@shared/contracts/api-tokens.contract';
import type { EventActor } from '@shared/events/domain-events';
import { heldPermissions, normalizePermissions, permissionsBeyond } from '@shared/permissions';
import type { CreateApiTokenDto } from './api-tokens.dto';
import { toApiTokenResponse } from './api-tokens.mapper';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Personal API tokens (issue 33 §2): created with a subset of the caller's permissions (a token creating a token: of
 * its own scopes), shown once, listed and revoked by their owner; super admins list and revoke everyone's.
 */
@Injectable()
export class ApiTokensService {
  constructor(
    private readonly tokens: ApiTokensRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async create(caller: AuthUser, dto: CreateApiTokenDto, actor: EventActor): Promise<CreatedApiTokenResponse> {
    const permissions = normalizePermissions(dto.permissions).value;
    const errors: Record<string, string[]> = {};
    // What the caller holds now: a token's caller holds its scopes within its owner's permissions (the strategy).
    const beyond = permissionsBeyond(permissions, heldPermissions(caller));
    if (Object.keys(permissions).length === 0) errors.permissions = ['Elige al menos un permiso para el token.'];
    else if (beyond.length > 0) errors.permissions = [`No puedes dar a un token permisos que no tienes: ${beyond.join(', ')}.`];
    const expiresAt = new Date(dto.expires_at);
    if (expiresAt.getTime() <= Date.now()) errors.expires_at = ['La fecha de vencimiento debe ser futura.'];
    else if (expiresAt.getTime() > Date.now() + API_TOKEN_LIMITS.maxDays * DAY_MS) {
      errors.expires_at = [`Un token dura a lo más ${API_TOKEN_LIMITS.maxDays} días.`];
    }
    if (Object.keys(errors).length > 0) throw DomainException.validation(errors);

    const secret = newApiTokenSecret();
    try {
      return await this.uow.run(actor, async (tx) => {
        const row = await this.tokens.create(tx.manager, {
          userId: caller.id,
          name: dto.name,
          prefix: secret.prefix,
          hash: secret.hash,
          permissions,
          expiresAt,
        });
        await tx.record({ type: 'api-token.created', resourceId: row.id, payload: { api_token_id: row.id, user_id: row.user_id } });
        return {
          token: secret.token,
          api_token: toApiTokenResponse(row),
          message: 'Token creado. Cópialo ahora: no se volverá a mostrar.',
        };
      });
    } catch (err) {
      const driver = (err as { driverError?: { code?: string; constraint?: string } }).driverError;
      if (driver?.code === '23505' && driver.constraint === 'api_tokens_user_name_key') {
        throw DomainException.validation(
          { name: ['Ya tienes un token vigente con ese nombre.'] },
          'Ya tienes un token vigente con ese nombre.',
        );
      }
      throw err;
    }
  }

  /** The caller's tokens; a super admin's session sees everyone's (a token never acts as a super admin). */
  async list(caller: AuthUser): Promise<ApiTokenResponse[]> {
    const now = new Date();
    return (await this.tokens.list(caller.is_super_admin ? null : caller.id)).map((row) => toApiTokenResponse(row, now));
  }

  async revoke(caller: AuthUser, id: number, actor: EventActor): Promise<ApiTokenResponse> {
    const row = await this.tokens.find(id);
    // Another person's token is not there for the caller (no hint that it exists).
    if (!row || (row.user_id !== caller.id && !caller.is_super_admin)) {
      throw new DomainException(ErrorCode.NotFound, 'El token no existe.');
    }
    return this.uow.run(actor, async (tx) => {
      const revoked = await this.tokens.revoke(tx.manager, id, caller.id);
      if (!revoked) throw new DomainException(ErrorCode.Conflict, 'El token ya estaba revocado.');
      await tx.record({ type: 'api-token.revoked', resourceId: id, payload: { api_token_id: id, user_id: revoked.user_id } });
      return toApiTokenResponse(revoked);
    });
  }
}
