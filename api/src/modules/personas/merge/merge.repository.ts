import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PersonReferencesRegistry, type PersonReferenceTable, type PersonSnapshot } from '@core/privacy/person-references';
import { PERSONA_FIELDS, type MergeMoved, type PersonaField } from '@shared/contracts/personas.contract';

/** A person's writable fields as stored (the birth date as YYYY-MM-DD). */
export type MergePersonRow = Record<PersonaField, string | number | null> & { id: number };

/** A stored merge. */
export interface MergeRow {
  id: string;
  sobreviviente_id: number;
  fusionar_ids: number[];
  campos: Partial<Record<PersonaField, number>>;
  movidos: MergeMoved;
  antes: PersonSnapshot;
  despues_md5: string;
  created_at: Date;
  deshecha_at: Date | null;
}

const FIELDS_SQL = PERSONA_FIELDS.map((f) =>
  f === 'fecha_nacimiento' ? `to_char(p.fecha_nacimiento, 'YYYY-MM-DD') AS fecha_nacimiento` : `p.${f}`,
).join(', ');

/**
 * Merging people: the locks, the snapshot the undo writes back and the fingerprint it checks, over every table that
 * names a person (each area declares its own: PersonReferencesRegistry), and the people database's own statements.
 * Everything runs in the caller's transaction.
 */
@Injectable()
export class MergeRepository {
  constructor(private readonly references: PersonReferencesRegistry) {}

  private tables(): PersonReferenceTable[] {
    return this.references.tables();
  }

  /**
   * Locks these people (FOR UPDATE NOWAIT, in id order): the ids found. A lock held by another transaction — another
   * merge of an overlapping set — throws PostgreSQL's lock_not_available (55P03) at once instead of waiting.
   */
  async lockPeople(manager: EntityManager, ids: number[]): Promise<number[]> {
    const rows: Array<{ id: number }> = await manager.query(
      `SELECT id FROM personas WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE NOWAIT`,
      [ids],
    );
    return rows.map((r) => r.id);
  }

  /** Which of these ids were merged away by a merge that still stands. */
  async mergedAway(manager: EntityManager, ids: number[]): Promise<number[]> {
    const rows: Array<{ id: number }> = await manager.query(
      `SELECT DISTINCT u.id FROM persona_fusiones f, unnest(f.fusionar_ids) AS u (id)
        WHERE f.deshecha_at IS NULL AND f.fusionar_ids && $1::int[] AND u.id = ANY($1::int[])`,
      [ids],
    );
    return rows.map((r) => r.id);
  }

  async people(manager: EntityManager, ids: number[]): Promise<MergePersonRow[]> {
    return manager.query(`SELECT p.id, ${FIELDS_SQL} FROM personas p WHERE p.id = ANY($1::int[])`, [ids]);
  }

  /** Every row about these people (but derived ones), as it is now. */
  async snapshot(manager: EntityManager, ids: number[]): Promise<PersonSnapshot> {
    const snap: PersonSnapshot = {};
    for (const { table, where } of this.tables().filter((t) => !t.derived)) {
      const [{ rows }] = await manager.query(
        `SELECT coalesce(jsonb_agg(to_jsonb(t) ORDER BY to_jsonb(t)::text), '[]'::jsonb) AS rows FROM ${table} t WHERE ${where}`,
        [ids],
      );
      snap[table] = rows;
    }
    return snap;
  }

  /** The fingerprint of the rows a later change would make the undo refuse to overwrite. */
  async fingerprint(manager: EntityManager, ids: number[]): Promise<string> {
    const parts = this.tables()
      .filter((t) => t.fingerprint)
      .map(
        ({ table, where }) =>
          `(SELECT coalesce(string_agg(to_jsonb(t)::text, '|' ORDER BY to_jsonb(t)::text), '') FROM ${table} t WHERE ${where})`,
      );
    const [{ md5 }] = await manager.query(`SELECT md5(${parts.join(` || '#' || `)}) AS md5`, [ids]);
    return md5;
  }

  /**
   * The people database's own references: pairs set aside with a merged person become pairs with the survivor, and
   * import review rows point at the survivor. Answers how many review rows moved.
   */
  async moveOwnReferences(manager: EntityManager, survivor: number, merged: number[]): Promise<number> {
    await manager.query(
      `INSERT INTO persona_no_duplicados (persona_a, persona_b, created_by, created_at)
       SELECT least($1, o.other), greatest($1, o.other), o.created_by, o.created_at
         FROM (SELECT CASE WHEN persona_a = ANY($2::int[]) THEN persona_b ELSE persona_a END AS other, created_by, created_at
                 FROM persona_no_duplicados WHERE persona_a = ANY($2::int[]) OR persona_b = ANY($2::int[])) o
        WHERE o.other <> $1 AND NOT (o.other = ANY($2::int[]))
       ON CONFLICT DO NOTHING`,
      [survivor, merged],
    );
    const [, a]: [unknown, number] = await manager.query(
      `UPDATE persona_import_duplicados SET persona_id = $1 WHERE persona_id = ANY($2::int[])`,
      [survivor, merged],
    );
    const [, b]: [unknown, number] = await manager.query(
      `UPDATE persona_import_duplicados SET creada_id = $1 WHERE creada_id = ANY($2::int[])`,
      [survivor, merged],
    );
    return a + b;
  }

  async deletePeople(manager: EntityManager, ids: number[]): Promise<void> {
    await manager.query(`DELETE FROM personas WHERE id = ANY($1::int[])`, [ids]);
  }

  /** The survivor's fields and derived columns after the merge. */
  async updateSurvivor(manager: EntityManager, id: number, values: Record<string, string | number | null>): Promise<void> {
    const cols = Object.keys(values);
    await manager.query(`UPDATE personas SET ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`, [
      id,
      ...cols.map((c) => values[c]),
    ]);
  }

  async insertMerge(manager: EntityManager, m: Omit<MergeRow, 'id' | 'created_at' | 'deshecha_at'>, by: number | null): Promise<MergeRow> {
    const [row] = await manager.query(
      `INSERT INTO persona_fusiones (sobreviviente_id, fusionar_ids, campos, movidos, antes, despues_md5, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [m.sobreviviente_id, m.fusionar_ids, JSON.stringify(m.campos), JSON.stringify(m.movidos), JSON.stringify(m.antes), m.despues_md5, by],
    );
    return row;
  }

  /** A merge, locked until the transaction ends (two undos at once: the second sees the first's answer). */
  async lockMerge(manager: EntityManager, id: string): Promise<MergeRow | null> {
    const [row] = await manager.query(`SELECT * FROM persona_fusiones WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  /**
   * Writes back every row of the snapshot: the rows about these people now are deleted (children first) and the
   * snapshot's rows inserted as they were (parents first), same ids; audit entries only get their resource back.
   */
  async restore(manager: EntityManager, ids: number[], snap: PersonSnapshot): Promise<void> {
    const tables = this.tables().filter((t) => !t.auditOnly);
    for (const { table, where } of [...tables].reverse()) await manager.query(`DELETE FROM ${table} t WHERE ${where}`, [ids]);
    for (const { table } of tables.filter((t) => !t.derived)) {
      const rows = snap[table] ?? [];
      if (rows.length)
        await manager.query(`INSERT INTO ${table} SELECT * FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)`, [
          JSON.stringify(rows),
        ]);
    }
    for (const { table } of this.tables().filter((t) => t.auditOnly)) {
      const rows = snap[table] ?? [];
      if (rows.length)
        await manager.query(
          `UPDATE ${table} a SET resource_id = r.resource_id FROM jsonb_to_recordset($1::jsonb) AS r (id int, resource_id text) WHERE a.id = r.id`,
          [JSON.stringify(rows.map((r) => ({ id: r.id, resource_id: r.resource_id })))],
        );
    }
  }

  async markUndone(manager: EntityManager, id: string, by: number | null): Promise<MergeRow> {
    const [row]: MergeRow[] = await manager.query(
      `WITH u AS (UPDATE persona_fusiones SET deshecha_at = now(), deshecha_por = $2 WHERE id = $1 AND deshecha_at IS NULL RETURNING *)
       SELECT * FROM u`,
      [id, by],
    );
    return row;
  }
}
