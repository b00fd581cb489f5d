import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { EspacioResponse, SeccionResponse } from '@shared/contracts/spaces.contract';

/** A space as read: the response's own columns (timestamps as Date), the creator's name flat. */
export interface EspacioRow extends Pick<
  EspacioResponse,
  'id' | 'nombre' | 'descripcion' | 'layout_config' | 'pasillos' | 'is_active' | 'created_by' | 'eventos_internos_count' | 'version'
> {
  creator_name: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A section as stored: the response without the computed total, the price as PostgreSQL's numeric text. */
export interface SeccionRow extends Omit<SeccionResponse, 'precio_base' | 'total_asientos'> {
  precio_base: string | null;
}

export interface EspacioFields {
  nombre: string;
  descripcion: string | null;
  layoutConfig: string | null;
  pasillos: unknown[];
}

export interface SeccionWrite {
  nombre: string;
  codigo: string;
  color: string;
  orden: number;
  filas: number;
  asientosPorFila: number;
  posicionX: number;
  posicionY: number;
  precioBase: number | null;
}

/** The seats a space must have, column by column (one array per column, for unnest). */
export interface SeatColumns {
  seccionCodigos: string[];
  filas: number[];
  numeros: number[];
  codigos: string[];
}

const SELECT_ESPACIO = `
  SELECT e.id, e.nombre, e.descripcion, e.layout_config, e.pasillos, e.is_active, e.created_by,
         u.name AS creator_name, e.created_at, e.updated_at, e.version,
         (SELECT count(*) FROM evento_espacios ee WHERE ee.espacio_id = e.id)::int AS eventos_internos_count
    FROM espacios e
    LEFT JOIN users u ON u.id = e.created_by`;

/** Every query of the spaces manager. */
@Injectable()
export class SpacesRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Newest first; `active` true keeps only the spaces offered for new events. */
  list(active?: boolean): Promise<EspacioRow[]> {
    return this.ds.query(`${SELECT_ESPACIO} WHERE ($1::boolean IS NULL OR e.is_active = $1) ORDER BY e.id DESC`, [active ?? null]);
  }

  async findById(id: number, manager?: EntityManager): Promise<EspacioRow | null> {
    const rows: EspacioRow[] = await (manager ?? this.ds.manager).query(`${SELECT_ESPACIO} WHERE e.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** Locks the space for the rest of the transaction (edits of one space run one after the other). */
  async lockForUpdate(manager: EntityManager, id: number): Promise<{ id: number; is_active: boolean } | null> {
    const rows: Array<{ id: number; is_active: boolean }> = await manager.query(
      `SELECT id, is_active FROM espacios WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Sections of the given spaces, in their order. */
  seccionesOf(espacioIds: number[], manager?: EntityManager): Promise<SeccionRow[]> {
    if (espacioIds.length === 0) return Promise.resolve([]);
    return (manager ?? this.ds.manager).query(
      `SELECT id, espacio_id, nombre, codigo, color, orden, filas, asientos_por_fila, posicion_x, posicion_y, precio_base
         FROM secciones WHERE espacio_id = ANY($1::int[]) ORDER BY espacio_id, orden, id`,
      [espacioIds],
    );
  }

  async insert(manager: EntityManager, fields: EspacioFields, createdBy: number | null): Promise<number> {
    const rows: Array<{ id: number }> = await manager.query(
      `INSERT INTO espacios (nombre, descripcion, layout_config, pasillos, created_by) VALUES ($1, $2, $3, $4::jsonb, $5) RETURNING id`,
      [fields.nombre, fields.descripcion, fields.layoutConfig, JSON.stringify(fields.pasillos), createdBy],
    );
    return rows[0].id;
  }

  async update(manager: EntityManager, id: number, fields: EspacioFields): Promise<void> {
    await manager.query(
      `UPDATE espacios SET nombre = $2, descripcion = $3, layout_config = $4, pasillos = $5::jsonb,
              updated_at = now(), version = version + 1
        WHERE id = $1`,
      [id, fields.nombre, fields.descripcion, fields.layoutConfig, JSON.stringify(fields.pasillos)],
    );
  }

  async setActive(manager: EntityManager, id: number, active: boolean): Promise<void> {
    await manager.query(`UPDATE espacios SET is_active = $2, updated_at = now(), version = version + 1 WHERE id = $1`, [id, active]);
  }

  /** Creates or updates the sections by código (ids of kept sections stay) in one statement. */
  async upsertSecciones(manager: EntityManager, espacioId: number, secciones: SeccionWrite[]): Promise<void> {
    const col = <K extends keyof SeccionWrite>(k: K) => secciones.map((s) => s[k]);
    await manager.query(
      `INSERT INTO secciones (espacio_id, nombre, codigo, color, orden, filas, asientos_por_fila, posicion_x, posicion_y, precio_base)
       SELECT $1, t.nombre, t.codigo, t.color, t.orden, t.filas, t.asientos_por_fila, t.posicion_x, t.posicion_y, t.precio_base
         FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::smallint[], $7::smallint[], $8::int[], $9::int[], $10::numeric[])
              AS t(nombre, codigo, color, orden, filas, asientos_por_fila, posicion_x, posicion_y, precio_base)
       ON CONFLICT (espacio_id, codigo) DO UPDATE SET
         nombre = EXCLUDED.nombre, color = EXCLUDED.color, orden = EXCLUDED.orden, filas = EXCLUDED.filas,
         asientos_por_fila = EXCLUDED.asientos_por_fila, posicion_x = EXCLUDED.posicion_x,
         posicion_y = EXCLUDED.posicion_y, precio_base = EXCLUDED.precio_base`,
      [
        espacioId,
        col('nombre'),
        col('codigo'),
        col('color'),
        col('orden'),
        col('filas'),
        col('asientosPorFila'),
        col('posicionX'),
        col('posicionY'),
        col('precioBase'),
      ],
    );
  }

  /** Removes the sections whose código is no longer in the space (their seats are gone by then). */
  async deleteSeccionesExcept(manager: EntityManager, espacioId: number, codigos: string[]): Promise<void> {
    await manager.query(`DELETE FROM secciones WHERE espacio_id = $1 AND codigo <> ALL($2::text[])`, [espacioId, codigos]);
  }

  /**
   * Makes the space's seats exactly `seats`, in ONE statement: seats that still exist (same section
   * código, fila, numero) keep their id and get their new code, the others are deleted, new ones
   * inserted. Deleting a seat that an event assigned fails on the seat assignments' foreign key (seating's table,
   * ON DELETE RESTRICT); codes stay unique per space (asientos_espacio_codigo_key, checked at the
   * end of the statement).
   */
  async writeSeats(
    manager: EntityManager,
    espacioId: number,
    seats: SeatColumns,
  ): Promise<{ removed: number; inserted: number; relabelled: number }> {
    const rows: Array<{ removed: number; inserted: number; relabelled: number }> = await manager.query(
      `WITH input AS (
         SELECT s.id AS seccion_id, t.fila, t.numero, t.codigo
           FROM unnest($2::text[], $3::smallint[], $4::smallint[], $5::text[]) AS t(seccion_codigo, fila, numero, codigo)
           JOIN secciones s ON s.espacio_id = $1 AND s.codigo = t.seccion_codigo
       ), removed AS (
         DELETE FROM asientos a
          WHERE a.espacio_id = $1
            AND NOT EXISTS (SELECT 1 FROM input i WHERE i.seccion_id = a.seccion_id AND i.fila = a.fila AND i.numero = a.numero)
         RETURNING a.id
       ), written AS (
         INSERT INTO asientos (seccion_id, espacio_id, fila, numero, codigo)
         SELECT seccion_id, $1, fila, numero, codigo FROM input
         ON CONFLICT (seccion_id, fila, numero) DO UPDATE SET codigo = EXCLUDED.codigo
          WHERE asientos.codigo IS DISTINCT FROM EXCLUDED.codigo
         RETURNING (xmax = 0) AS inserted
       )
       SELECT (SELECT count(*) FROM removed)::int AS removed,
              (SELECT count(*) FROM written WHERE inserted)::int AS inserted,
              (SELECT count(*) FROM written WHERE NOT inserted)::int AS relabelled`,
      [espacioId, seats.seccionCodigos, seats.filas, seats.numeros, seats.codigos],
    );
    return rows[0];
  }

  /** The seats of the space that `seats` would remove (which of them some event assigned is seating's to say). */
  async seatsMissing(espacioId: number, seats: SeatColumns): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.ds.query(
      `WITH input AS MATERIALIZED (
         SELECT * FROM unnest($2::text[], $3::smallint[], $4::smallint[]) AS t(seccion_codigo, fila, numero)
       )
       SELECT a.id
         FROM asientos a
         JOIN secciones s ON s.id = a.seccion_id
        WHERE a.espacio_id = $1
          AND NOT EXISTS (SELECT 1 FROM input t WHERE t.seccion_codigo = s.codigo AND t.fila = a.fila AND t.numero = a.numero)`,
      [espacioId, seats.seccionCodigos, seats.filas, seats.numeros],
    );
    return rows.map((r) => r.id);
  }
}
