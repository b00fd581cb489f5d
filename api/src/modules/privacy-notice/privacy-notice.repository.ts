import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

/** An `avisos_privacidad` row with who published it. */
export interface NoticeRow {
  version: number;
  texto: string;
  publicado_at: Date;
  publicado_por: number | null;
  publicado_por_name: string | null;
}

const SELECT = `SELECT a.version, a.texto, a.publicado_at, a.publicado_por, u.name AS publicado_por_name
  FROM avisos_privacidad a LEFT JOIN users u ON u.id = a.publicado_por`;

/** The privacy notice's versions (table `avisos_privacidad`, baseline migration). Rows are never updated. */
@Injectable()
export class PrivacyNoticeRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Version 1 from the configured text, when no version exists yet (several processes at once: one wins). */
  async seedFirst(texto: string): Promise<void> {
    await this.ds.query(
      `INSERT INTO avisos_privacidad (version, texto) SELECT 1, $1 WHERE NOT EXISTS (SELECT 1 FROM avisos_privacidad)
       ON CONFLICT (version) DO NOTHING`,
      [texto],
    );
  }

  async current(): Promise<NoticeRow | null> {
    const [row] = await this.ds.query(`${SELECT} ORDER BY a.version DESC LIMIT 1`);
    return row ?? null;
  }

  list(): Promise<NoticeRow[]> {
    return this.ds.query(`${SELECT} ORDER BY a.version DESC`);
  }

  async exists(version: number): Promise<boolean> {
    const rows = await this.ds.query(`SELECT 1 FROM avisos_privacidad WHERE version = $1`, [version]);
    return rows.length > 0;
  }

  /**
   * The next version, in one statement: two publications at once both read the same max, and the primary key refuses
   * the second (the caller answers it as a conflict).
   */
  async publish(manager: EntityManager, texto: string, userId: number | null): Promise<NoticeRow> {
    const [row] = await manager.query(
      `WITH inserted AS (
         INSERT INTO avisos_privacidad (version, texto, publicado_por)
         SELECT coalesce(max(version), 0) + 1, $1, $2 FROM avisos_privacidad
         RETURNING *)
       SELECT i.version, i.texto, i.publicado_at, i.publicado_por, u.name AS publicado_por_name
         FROM inserted i LEFT JOIN users u ON u.id = i.publicado_por`,
      [texto, userId],
    );
    return row;
  }
}
