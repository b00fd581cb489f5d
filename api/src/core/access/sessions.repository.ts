import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '@core/access/current-user';
import type { Permissions } from '@shared/permissions';
import { SessionEntity } from '@core/entities/session.entity';

@Injectable()
export class SessionsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async create(manager: EntityManager, session: { id: string; userId: number; expiresAt: Date; ip: string | null }): Promise<void> {
    await manager.getRepository(SessionEntity).insert(session);
  }

  /** The live session and its user, in one query: revoked, expired or deleted users yield null. */
  async findActiveUser(sessionId: string): Promise<AuthUser | null> {
    const rows: Array<Omit<AuthUser, 'sessionId'> & { permissions: Permissions }> = await this.ds.query(
      `SELECT u.id, u.name, u.email, u.is_super_admin, u.permissions, u.created_at, u.must_change_password
           FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
      [sessionId],
    );
    const row = rows[0];
    return row ? { ...row, sessionId } : null;
  }

  /** Returns whether a live session was revoked (false when it already was). */
  async revoke(manager: EntityManager, sessionId: string): Promise<boolean> {
    const result: [unknown[], number] = await manager.query(`UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`, [
      sessionId,
    ]);
    return result[1] > 0;
  }

  /** Revokes every live session of a user but `keepId`; returns the revoked ids. */
  async revokeAllForUser(manager: EntityManager, userId: number, keepId?: string): Promise<string[]> {
    const [rows]: [Array<{ id: string }>, number] = await manager.query(
      `UPDATE sessions SET revoked_at = now()
        WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)
        RETURNING id`,
      [userId, keepId ?? null],
    );
    return rows.map((r) => r.id);
  }
}
