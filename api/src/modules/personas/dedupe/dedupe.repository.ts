import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { CompletenessLevel } from '@shared/contracts/personas.contract';

/** What the scoring and the listing read of a person. */
export interface DedupeRow {
  id: number;
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
  fecha_nacimiento: string | null;
  telefono_celular: string | null;
  telefono_oficina: string | null;
  correo_electronico: string | null;
  empresa: string | null;
  puesto: string | null;
  completeness_level: CompletenessLevel;
  created_at: Date;
}

/** A person's blocking keys, to be written. */
export interface KeyedPerson {
  id: number;
  keys: string[];
}

const ROW = `p.id, p.nombre, p.apellido_paterno, p.apellido_materno, to_char(p.fecha_nacimiento, 'YYYY-MM-DD') AS fecha_nacimiento,
  p.telefono_celular, p.telefono_oficina, p.correo_electronico, em.nombre AS empresa, pu.nombre AS puesto, p.completeness_level, p.created_at`;

/** Possible duplicates: the blocking keys of each person, the candidate pairs they make, and the pairs set aside. */
@Injectable()
export class DedupeRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(work);
  }

  /** Up to `limit` people whose keys are not written yet (imported by COPY, or changed by another path), by id. */
  async unkeyed(limit: number, importId?: string): Promise<DedupeRow[]> {
    const params: unknown[] = [limit];
    let where = `NOT EXISTS (SELECT 1 FROM persona_duplicado_indexadas i WHERE i.persona_id = p.id)`;
    if (importId) {
      params.push(importId);
      where += ` AND p.import_id = $2`;
    }
    return this.ds.query(
      `SELECT ${ROW} FROM personas p LEFT JOIN empresas em ON em.id = p.empresa_id LEFT JOIN puestos pu ON pu.id = p.puesto_id
        WHERE ${where} ORDER BY p.id LIMIT $1`,
      params,
    );
  }

  /**
   * Writes the keys of these people (replacing any they had) and marks them keyed, in one statement per table. A
   * person deleted meanwhile is skipped (the join with personas), so the cascade never races a late write.
   */
  async writeKeys(manager: EntityManager, people: KeyedPerson[]): Promise<void> {
    if (!people.length) return;
    const ids = people.map((p) => p.id);
    const keyIds: number[] = [];
    const keys: string[] = [];
    for (const p of people)
      for (const k of p.keys) {
        keyIds.push(p.id);
        keys.push(k);
      }
    await manager.query(`DELETE FROM persona_duplicado_claves WHERE persona_id = ANY($1::int[])`, [ids]);
    await manager.query(
      `INSERT INTO persona_duplicado_claves (clave, persona_id)
       SELECT k.clave, k.persona_id FROM unnest($1::text[], $2::int[]) AS k (clave, persona_id) JOIN personas p ON p.id = k.persona_id
       ON CONFLICT DO NOTHING`,
      [keys, keyIds],
    );
    await manager.query(
      `INSERT INTO persona_duplicado_indexadas (persona_id) SELECT p.id FROM personas p WHERE p.id = ANY($1::int[]) ON CONFLICT DO NOTHING`,
      [ids],
    );
  }

  /**
   * Every pair of people sharing a key held by 2 to `blockMax` people (the PRIMARY KEY (clave, persona_id) walked in
   * order, so blocks are grouped without sorting), except the pairs set aside as not duplicates; smaller id first.
   */
  async candidatePairs(blockMax: number): Promise<Array<{ a: number; b: number }>> {
    return this.ds.query(
      `WITH blocks AS (
         SELECT clave FROM persona_duplicado_claves GROUP BY clave HAVING count(*) BETWEEN 2 AND $1
       )
       SELECT DISTINCT x.persona_id AS a, y.persona_id AS b
         FROM blocks k
         JOIN persona_duplicado_claves x ON x.clave = k.clave
         JOIN persona_duplicado_claves y ON y.clave = k.clave AND y.persona_id > x.persona_id
        WHERE NOT EXISTS (SELECT 1 FROM persona_no_duplicados d WHERE d.persona_a = x.persona_id AND d.persona_b = y.persona_id)`,
      [blockMax],
    );
  }

  async people(ids: number[]): Promise<DedupeRow[]> {
    if (!ids.length) return [];
    return this.ds.query(
      `SELECT ${ROW} FROM personas p LEFT JOIN empresas em ON em.id = p.empresa_id LEFT JOIN puestos pu ON pu.id = p.puesto_id
        WHERE p.id = ANY($1::int[])`,
      [ids],
    );
  }

  /** How many of these ids exist (locking them against a delete until the transaction ends). */
  async lockExisting(manager: EntityManager, ids: number[]): Promise<number> {
    const rows = await manager.query(`SELECT id FROM personas WHERE id = ANY($1::int[]) FOR KEY SHARE`, [ids]);
    return rows.length;
  }

  /** Sets a pair aside ('No es duplicado'); false when it already was. */
  async dismiss(manager: EntityManager, a: number, b: number, by: number | null): Promise<boolean> {
    const rows = await manager.query(
      `INSERT INTO persona_no_duplicados (persona_a, persona_b, created_by) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1`,
      [Math.min(a, b), Math.max(a, b), by],
    );
    return rows.length === 1;
  }
}
