import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { RetentionKind, RetentionOrigin } from '@shared/contracts/retention.contract';
import { RetentionLock } from './retention.locks';

/** A `conservacion_ejecuciones` row with who started it. */
export interface RunRow {
  id: number;
  origen: RetentionOrigin;
  user_id: number | null;
  user_name: string | null;
  conteos: Record<RetentionKind, number>;
  total: number;
  created_at: Date;
}

const SELECT = `SELECT c.id, c.origen, c.user_id, u.name AS user_name, c.conteos, c.total, c.created_at
  FROM conservacion_ejecuciones c LEFT JOIN users u ON u.id = c.user_id`;

/** The record of retention's runs (baseline migration). The areas' own rows are changed by their repositories. */
@Injectable()
export class RetentionRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Waits for any other run in the cluster to commit: the next one then finds nothing left to change. */
  async lock(manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock($1)`, [RetentionLock.Run]);
  }

  async insert(
    manager: EntityManager,
    r: { origen: RetentionOrigin; userId: number | null; conteos: Record<RetentionKind, number>; total: number },
  ): Promise<RunRow> {
    const [row] = await manager.query(
      `WITH inserted AS (INSERT INTO conservacion_ejecuciones (origen, user_id, conteos, total) VALUES ($1, $2, $3::jsonb, $4) RETURNING *)
       SELECT c.id, c.origen, c.user_id, u.name AS user_name, c.conteos, c.total, c.created_at
         FROM inserted c LEFT JOIN users u ON u.id = c.user_id`,
      [r.origen, r.userId, JSON.stringify(r.conteos), r.total],
    );
    return row;
  }

  latest(limit: number): Promise<RunRow[]> {
    return this.ds.query(`${SELECT} ORDER BY c.created_at DESC, c.id DESC LIMIT $1`, [limit]);
  }
}
