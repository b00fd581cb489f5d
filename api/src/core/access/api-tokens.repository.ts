import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { Permissions } from '@shared/permissions';
import type { AuthUser } from './current-user';

/** A live token and its owner as they are now, for the strategy. */
export interface ApiTokenCaller {
  token: { id: number; name: string; permissions: Permissions; last_used_at: Date | null };
  user: Omit<AuthUser, 'sessionId' | 'apiToken'>;
}

/** An `api_tokens` row with its owner, as the list shows it. */
export interface ApiTokenRow {
  id: number;
  user_id: number;
  name: string;
  prefix: string;
  permissions: Permissions;
  expires_at: Date;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  owner_name: string;
  owner_email: string;
}

const SELECT_ROW = `SELECT t.id, t.user_id, t.name, t.prefix, t.permissions, t.expires_at, t.created_at, t.last_used_at, t.revoked_at,
                           u.name AS owner_name, u.email AS owner_email
                      FROM api_tokens t JOIN users u ON u.id = t.user_id`;

/**
 * Personal API tokens (table `api_tokens`, baseline migration): the platform reads them to authenticate (like
 * sessions, so core owns the table); the `api-tokens` area creates, lists and revokes them through here.
 */
@Injectable()
export class ApiTokensRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The live token with this hash and its owner, in one query: revoked, expired or an owner deleted yield null. */
  async findActive(hash: string): Promise<ApiTokenCaller | null> {
    const [row]: Array<Record<string, unknown>> = await this.ds.query(
      `SELECT t.id AS token_id, t.name AS token_name, t.permissions AS token_permissions, t.last_used_at,
              u.id, u.name, u.email, u.is_super_admin, u.permissions, u.created_at, u.must_change_password
         FROM api_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > now()`,
      [hash],
    );
    if (!row) return null;
    return {
      token: {
        id: row.token_id as number,
        name: row.token_name as string,
        permissions: row.token_permissions as Permissions,
        last_used_at: row.last_used_at as Date | null,
      },
      user: {
        id: row.id as number,
        name: row.name as string,
        email: row.email as string,
        is_super_admin: row.is_super_admin as boolean,
        permissions: row.permissions as Permissions,
        created_at: row.created_at as Date,
        must_change_password: row.must_change_password as boolean,
      },
    };
  }

  /** Stamps the last use unless it is less than `minSeconds` old: one statement, so replicas at once write once. */
  async touch(id: number, ip: string | null, minSeconds: number): Promise<void> {
    await this.ds.query(
      `UPDATE api_tokens SET last_used_at = now(), last_used_ip = $2
        WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - make_interval(secs => $3))`,
      [id, ip, minSeconds],
    );
  }

  /** Inserts a token; the partial unique index `api_tokens_user_name_key` refuses a second live one with its name. */
  async create(
    manager: EntityManager,
    t: { userId: number; name: string; prefix: string; hash: string; permissions: Permissions; expiresAt: Date },
  ): Promise<ApiTokenRow> {
    const [row]: ApiTokenRow[] = await manager.query(
      `WITH inserted AS (
         INSERT INTO api_tokens (user_id, name, prefix, token_hash, permissions, expires_at)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6) RETURNING *)
       ${SELECT_ROW.replace('FROM api_tokens t', 'FROM inserted t')}`,
      [t.userId, t.name, t.prefix, t.hash, JSON.stringify(t.permissions), t.expiresAt],
    );
    return row;
  }

  /** A user's tokens (or everyone's: `userId` null), live ones first, newest first. */
  list(userId: number | null): Promise<ApiTokenRow[]> {
    return this.ds.query(
      `${SELECT_ROW} WHERE ($1::int IS NULL OR t.user_id = $1)
        ORDER BY (t.revoked_at IS NULL AND t.expires_at > now()) DESC, t.created_at DESC, t.id DESC`,
      [userId],
    );
  }

  async find(id: number): Promise<ApiTokenRow | null> {
    const [row]: ApiTokenRow[] = await this.ds.query(`${SELECT_ROW} WHERE t.id = $1`, [id]);
    return row ?? null;
  }

  /** Revokes a live token; null when it was already revoked (or does not exist). */
  async revoke(manager: EntityManager, id: number, by: number): Promise<ApiTokenRow | null> {
    const [row]: ApiTokenRow[] = await manager.query(
      `WITH revoked AS (
         UPDATE api_tokens SET revoked_at = now(), revoked_by = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING *)
       ${SELECT_ROW.replace('FROM api_tokens t', 'FROM revoked t')}`,
      [id, by],
    );
    return row ?? null;
  }
}
