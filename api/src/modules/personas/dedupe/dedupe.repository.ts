import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { DuplicatePersona } from '@shared/contracts/personas.contract';
import { lockForPairs, writeDedupePairs, type PairRules, type StoredPair } from './dedupe-pairs';

/** What the scoring and the listing read of a person: what the list shows of them, with the name in parts. */
export interface DedupeRow extends Omit<DuplicatePersona, 'nombre_completo' | 'created_at'> {
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
  created_at: Date;
  import_row: number | null;
}

/** A row of a CSV import that matched a person stored before it. */
export interface ImportMatch {
  /** The person the import wrote for the row (taken back out). */
  nuevo: number;
  fila: number;
  tipo: 'omitida' | 'revision';
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
  telefono_celular: string | null;
  /** The stored person it matches. */
  persona_id: number;
  score: number;
  reasons: string[];
}

/** A matched import row as stored (the stored person may have been deleted since: null). */
export type ImportMatchRow = Omit<ImportMatch, 'nuevo' | 'persona_id'> & {
  persona_id: number | null;
  estado: 'pendiente' | 'creada' | 'descartada';
  creada_id: number | null;
};

/** A person's blocking keys, to be written. */
export interface KeyedPerson {
  id: number;
  keys: string[];
}

/**
 * Writes the keys of these people (replacing any they had) and marks them keyed, in one statement per table, then
 * rewrites their stored possible-duplicate pairs (dedupe-pairs.ts) in the same transaction. A person deleted meanwhile
 * is skipped (the join with personas), so the cascade never races a late write.
 */
export async function writeDedupeKeys(manager: EntityManager, people: KeyedPerson[], rules: PairRules): Promise<void> {
  if (!people.length) return;
  const ids = people.map((p) => p.id);
  const keyIds: number[] = [];
  const keys: string[] = [];
  for (const p of people)
    for (const k of p.keys) {
      keyIds.push(p.id);
      keys.push(k);
    }
  await lockForPairs(manager, people.length, keys);
  await manager.query(`DELETE FROM persona_duplicado_claves WHERE persona_id = ANY($1::int[])`, [ids]);
  await manager.query(
    `INSERT INTO persona_duplicado_claves (clave, persona_id)
     SELECT k.clave, k.persona_id FROM unnest($1::text[], $2::int[]) AS k (clave, persona_id)
     ON CONFLICT DO NOTHING`,
    [keys, keyIds],
  );
  // A person deleted meanwhile (its trigger ran before these keys existed) leaves no keys behind.
  await manager.query(
    `DELETE FROM persona_duplicado_claves c WHERE c.persona_id = ANY($1::int[]) AND NOT EXISTS (SELECT 1 FROM personas p WHERE p.id = c.persona_id)`,
    [ids],
  );
  await manager.query(
    `INSERT INTO persona_duplicado_indexadas (persona_id) SELECT p.id FROM personas p WHERE p.id = ANY($1::int[]) ON CONFLICT DO NOTHING`,
    [ids],
  );
  await writeDedupePairs(manager, ids, rules, true);
}

const ROW = `p.id, p.nombre, p.apellido_paterno, p.apellido_materno, to_char(p.fecha_nacimiento, 'YYYY-MM-DD') AS fecha_nacimiento,
  p.telefono_celular, p.telefono_oficina, p.correo_electronico, em.nombre AS empresa, pu.nombre AS puesto, p.completeness_level, p.created_at, p.import_row`;

/** Possible duplicates: the blocking keys of each person, the candidate pairs they make, and the pairs set aside. */
@Injectable()
export class DedupeRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(work);
  }

  /**
   * Up to `limit` people whose keys are not written yet (imported by COPY, or changed by another path), by id, locked
   * `FOR SHARE` until the caller's transaction ends; one being saved right now is skipped (its writer keys it).
   */
  async unkeyed(limit: number, importId?: string, manager: EntityManager = this.ds.manager): Promise<DedupeRow[]> {
    const params: unknown[] = [limit];
    let where = `NOT EXISTS (SELECT 1 FROM persona_duplicado_indexadas i WHERE i.persona_id = p.id)`;
    if (importId) {
      params.push(importId);
      where += ` AND p.import_id = $2`;
    }
    return manager.query(
      `SELECT ${ROW} FROM personas p LEFT JOIN empresas em ON em.id = p.empresa_id LEFT JOIN puestos pu ON pu.id = p.puesto_id
        WHERE ${where} ORDER BY p.id LIMIT $1 FOR SHARE OF p SKIP LOCKED`,
      params,
    );
  }

  /** Writes the keys of these people and their pairs (writeDedupeKeys). */
  writeKeys(manager: EntityManager, people: KeyedPerson[], rules: PairRules): Promise<void> {
    return writeDedupeKeys(manager, people, rules);
  }

  /**
   * One page of the stored pairs scoring at least `minScore`, best first (then smaller ids first), without the pairs
   * set aside as not duplicates: one walk of the index (score DESC, persona_a, persona_b). `limit` null: all of them.
   */
  async storedPairs(minScore: number, limit: number | null, offset: number): Promise<StoredPair[]> {
    return this.ds.query(
      `SELECT d.persona_a AS a, d.persona_b AS b, d.score, d.reasons FROM persona_duplicado_pares d
        WHERE d.score >= $1
          AND NOT EXISTS (SELECT 1 FROM persona_no_duplicados n WHERE n.persona_a = d.persona_a AND n.persona_b = d.persona_b)
        ORDER BY d.score DESC, d.persona_a, d.persona_b LIMIT $2 OFFSET $3`,
      [minScore, limit, offset],
    );
  }

  /** How many stored pairs storedPairs lists. */
  async countStoredPairs(minScore: number): Promise<number> {
    const [{ n }] = await this.ds.query(
      `SELECT count(*)::int AS n FROM persona_duplicado_pares d
        WHERE d.score >= $1
          AND NOT EXISTS (SELECT 1 FROM persona_no_duplicados n WHERE n.persona_a = d.persona_a AND n.persona_b = d.persona_b)`,
      [minScore],
    );
    return n;
  }

  /** Rewrites the stored pairs of these people from their keys (after a merge's undo wrote them back). */
  writePairs(manager: EntityManager, ids: number[], rules: PairRules): Promise<void> {
    return writeDedupePairs(manager, ids, rules);
  }

  /**
   * Pairs (a person this import wrote, a person stored before it) sharing a blocking key: a name key held by at most
   * `blockMax` people, or a mobile or e-mail key whatever its size (a shared contact is what makes a row certain).
   */
  async importCandidates(importId: string, blockMax: number): Promise<Array<{ nuevo: number; existente: number }>> {
    return this.ds.query(
      `WITH mine AS (
         SELECT c.clave, c.persona_id FROM persona_duplicado_claves c JOIN personas p ON p.id = c.persona_id WHERE p.import_id = $1
       ), usable AS (
         SELECT c.clave FROM persona_duplicado_claves c WHERE c.clave IN (SELECT clave FROM mine)
          GROUP BY c.clave HAVING count(*) <= $2 OR c.clave LIKE 'T:%' OR c.clave LIKE 'E:%'
       )
       SELECT DISTINCT m.persona_id AS nuevo, o.persona_id AS existente
         FROM mine m
         JOIN usable u ON u.clave = m.clave
         JOIN persona_duplicado_claves o ON o.clave = m.clave AND o.persona_id <> m.persona_id
         JOIN personas op ON op.id = o.persona_id
        WHERE op.import_id IS DISTINCT FROM $1`,
      [importId, blockMax],
    );
  }

  /**
   * Records the import's matched rows (a retry finds them recorded: primary key (import_id, fila)), takes their people
   * back out of `personas`, and keeps the import's counts exact: `imported` loses them, `por_revisar` counts the rows
   * waiting for review.
   */
  async settleImport(manager: EntityManager, importId: string, matches: ImportMatch[]): Promise<void> {
    await manager.query(
      `INSERT INTO persona_import_duplicados (import_id, fila, tipo, nombre, apellido_paterno, apellido_materno, telefono_celular,
                                             persona_id, score, reasons)
       SELECT $1, m.fila, m.tipo, m.nombre, m.apellido_paterno, m.apellido_materno, m.telefono_celular, m.persona_id, m.score, m.reasons
         FROM jsonb_to_recordset($2::jsonb) AS m (fila int, tipo text, nombre text, apellido_paterno text, apellido_materno text,
                                                  telefono_celular text, persona_id int, score int, reasons jsonb)
       ON CONFLICT (import_id, fila) DO NOTHING`,
      [importId, JSON.stringify(matches)],
    );
    await manager.query(
      `WITH gone AS (DELETE FROM personas WHERE id = ANY($2::int[]) AND import_id = $1 RETURNING 1)
       UPDATE persona_imports SET imported = imported - (SELECT count(*) FROM gone),
              por_revisar = (SELECT count(*) FROM persona_import_duplicados WHERE import_id = $1 AND tipo = 'revision')
        WHERE id = $1`,
      [importId, matches.map((m) => m.nuevo)],
    );
  }

  async importExists(importId: string): Promise<boolean> {
    return (await this.ds.query(`SELECT 1 FROM persona_imports WHERE id = $1`, [importId])).length === 1;
  }

  /** The import's matched rows, by row number. */
  async importMatches(importId: string): Promise<ImportMatchRow[]> {
    return this.ds.query(
      `SELECT fila, tipo, nombre, apellido_paterno, apellido_materno, telefono_celular, persona_id, score, reasons, estado, creada_id
         FROM persona_import_duplicados WHERE import_id = $1 ORDER BY fila`,
      [importId],
    );
  }

  /**
   * Decides a row waiting for review (locked, so two staff deciding it at once: one wins): the row as it was, or null
   * when there is no such row; `decided` false when it was not waiting any more.
   */
  async decideReview(
    manager: EntityManager,
    importId: string,
    fila: number,
    estado: 'creada' | 'descartada',
    by: number | null,
  ): Promise<{ row: ImportMatchRow | null; decided: boolean }> {
    const [row]: ImportMatchRow[] = await manager.query(
      `SELECT fila, tipo, nombre, apellido_paterno, apellido_materno, telefono_celular, persona_id, score, reasons, estado, creada_id
         FROM persona_import_duplicados WHERE import_id = $1 AND fila = $2 AND tipo = 'revision' FOR UPDATE`,
      [importId, fila],
    );
    if (!row) return { row: null, decided: false };
    if (row.estado !== 'pendiente') return { row, decided: false };
    await manager.query(
      `UPDATE persona_import_duplicados SET estado = $3, resuelta_por = $4, resuelta_at = now() WHERE import_id = $1 AND fila = $2`,
      [importId, fila, estado, by],
    );
    await manager.query(`UPDATE persona_imports SET por_revisar = greatest(0, por_revisar - 1), imported = imported + $2 WHERE id = $1`, [
      importId,
      estado === 'creada' ? 1 : 0,
    ]);
    return { row, decided: true };
  }

  /** Writes the person of a reviewed row as the import would have (name, mobile and the columns derived from them). */
  async insertImported(
    manager: EntityManager,
    p: {
      nombre: string;
      apellido_paterno: string;
      apellido_materno: string;
      telefono_celular: string | null;
      search_text: string;
      sort_key: string;
      dedupe_key: string | null;
    },
    importId: string,
    fila: number,
    by: number | null,
  ): Promise<number> {
    const [{ id }] = await manager.query(
      `INSERT INTO personas (nombre, apellido_paterno, apellido_materno, telefono_celular, search_text, sort_key, dedupe_key, import_id, import_row, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [p.nombre, p.apellido_paterno, p.apellido_materno, p.telefono_celular, p.search_text, p.sort_key, p.dedupe_key, importId, fila, by],
    );
    await manager.query(`UPDATE persona_import_duplicados SET creada_id = $3 WHERE import_id = $1 AND fila = $2`, [importId, fila, id]);
    return id;
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
