import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { ArcoQueueStatus, ArcoStatus, ArcoType, PersonalDataExport } from '@shared/contracts/privacy.contract';
import { returnedRows } from '@core/database/returned-rows';

/** A row of `privacidad_solicitudes` (baseline migration). */
export interface ArcoRow {
  id: number;
  tipo: ArcoType;
  nombre: string;
  email: string;
  descripcion: string | null;
  status: ArcoStatus;
  confirmar_hasta: Date;
  recibida_at: Date | null;
  fecha_limite: string | null;
  resuelta_at: Date | null;
  resuelta_por: number | null;
  respuesta: string | null;
  exportacion_hasta: Date | null;
  created_at: Date;
}

const COLUMNS = `id, tipo, nombre, email, descripcion, status, confirmar_hasta, recibida_at, to_char(fecha_limite, 'YYYY-MM-DD') AS fecha_limite,
  resuelta_at, resuelta_por, respuesta, exportacion_hasta, created_at`;

/** Every SQL statement about ARCO requests (table privacidad_solicitudes). */
@Injectable()
export class PrivacyRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async insert(
    manager: EntityManager,
    r: { tipo: ArcoType; nombre: string; email: string; descripcion: string | null; confirmarHasta: Date },
  ): Promise<ArcoRow> {
    const [row]: ArcoRow[] = await manager.query(
      `INSERT INTO privacidad_solicitudes (tipo, nombre, email, descripcion, confirmar_hasta) VALUES ($1, $2, lower(btrim($3)), $4, $5)
       RETURNING ${COLUMNS}`,
      [r.tipo, r.nombre, r.email, r.descripcion, r.confirmarHasta],
    );
    return row;
  }

  /** Unconfirmed requests of an address whose link still works. */
  async countUnconfirmed(manager: EntityManager, email: string): Promise<number> {
    const [{ n }]: Array<{ n: number }> = await manager.query(
      `SELECT count(*)::int AS n FROM privacidad_solicitudes WHERE email = lower(btrim($1)) AND status = 'sin_confirmar' AND confirmar_hasta > now()`,
      [email],
    );
    return n;
  }

  async findById(id: number, manager?: EntityManager): Promise<ArcoRow | null> {
    const rows: ArcoRow[] = await (manager ?? this.ds.manager).query(`SELECT ${COLUMNS} FROM privacidad_solicitudes WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async lock(manager: EntityManager, id: number): Promise<ArcoRow | null> {
    const rows: ArcoRow[] = await manager.query(`SELECT ${COLUMNS} FROM privacidad_solicitudes WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  /** The proof of the address, once: sin_confirmar → pendiente with its receipt and due date (one statement). */
  async confirm(manager: EntityManager, id: number, receivedAt: Date, dueDate: string): Promise<ArcoRow | null> {
    const rows = returnedRows<ArcoRow>(
      await manager.query(
        `UPDATE privacidad_solicitudes SET status = 'pendiente', recibida_at = $2, fecha_limite = $3, updated_at = now()
          WHERE id = $1 AND status = 'sin_confirmar' AND confirmar_hasta > $2 RETURNING ${COLUMNS}`,
        [id, receivedAt, dueDate],
      ),
    );
    return rows[0] ?? null;
  }

  /** pendiente → atendida / improcedente, once (one statement whose WHERE is the rule). */
  async resolve(
    manager: EntityManager,
    id: number,
    r: {
      status: 'atendida' | 'improcedente';
      respuesta: string | null;
      userId: number | null;
      exportacion: PersonalDataExport | null;
      exportacionHasta: Date | null;
    },
  ): Promise<ArcoRow | null> {
    const rows = returnedRows<ArcoRow>(
      await manager.query(
        `UPDATE privacidad_solicitudes SET status = $2, respuesta = $3, resuelta_por = $4, resuelta_at = now(), exportacion = $5::jsonb,
                exportacion_hasta = $6, updated_at = now()
          WHERE id = $1 AND status = 'pendiente' RETURNING ${COLUMNS}`,
        [id, r.status, r.respuesta, r.userId, r.exportacion ? JSON.stringify(r.exportacion) : null, r.exportacionHasta],
      ),
    );
    return rows[0] ?? null;
  }

  async exportOf(id: number): Promise<{ exportacion: PersonalDataExport | null; exportacion_hasta: Date | null; created_at: Date } | null> {
    const rows: Array<{ exportacion: PersonalDataExport | null; exportacion_hasta: Date | null; created_at: Date }> = await this.ds.query(
      `SELECT exportacion, exportacion_hasta, created_at FROM privacidad_solicitudes WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async page(status: ArcoQueueStatus | undefined, page: number, pageSize: number): Promise<{ rows: ArcoRow[]; total: number }> {
    const where = status ? `status = $1` : `status <> 'sin_confirmar'`;
    const params = status ? [status] : [];
    const [{ total }]: Array<{ total: number }> = await this.ds.query(
      `SELECT count(*)::int AS total FROM privacidad_solicitudes WHERE ${where}`,
      params,
    );
    // Pending first, the closest due date first; then the rest, newest first.
    const rows: ArcoRow[] = await this.ds.query(
      `SELECT ${COLUMNS} FROM privacidad_solicitudes WHERE ${where}
        ORDER BY (status = 'pendiente') DESC, CASE WHEN status = 'pendiente' THEN fecha_limite END ASC NULLS LAST, id DESC
        LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      params,
    );
    return { rows, total };
  }

  /** Pending requests due on or before a date (the reminders). */
  pendingDueBy(date: string): Promise<ArcoRow[]> {
    return this.ds.query(`SELECT ${COLUMNS} FROM privacidad_solicitudes WHERE status = 'pendiente' AND fecha_limite <= $1 ORDER BY id`, [
      date,
    ]);
  }

  /** Unconfirmed requests past their link: deleted (an unproven address is kept no longer than its link). */
  async deleteExpiredUnconfirmed(): Promise<number> {
    const [, n]: [unknown, number] = await this.ds.query(
      `DELETE FROM privacidad_solicitudes WHERE status = 'sin_confirmar' AND confirmar_hasta <= now()`,
    );
    return n;
  }

  /** Access exports past their link: dropped (the request keeps that it was answered). */
  async dropExpiredExports(): Promise<number> {
    const [, n]: [unknown, number] = await this.ds.query(
      `UPDATE privacidad_solicitudes SET exportacion = NULL, updated_at = now() WHERE exportacion IS NOT NULL AND exportacion_hasta <= now()`,
    );
    return n;
  }
}
