import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PERSONA_FIELDS, type MergeMoved, type PersonaField } from '@shared/contracts/personas.contract';
import { MERGE_TABLES, type MergeSnapshot } from './merge-tables';

/** A person's writable fields as stored (the birth date as YYYY-MM-DD). */
export type MergePersonRow = Record<PersonaField, string | number | null> & { id: number };

/** A stored merge. */
export interface MergeRow {
  id: string;
  sobreviviente_id: number;
  fusionar_ids: number[];
  campos: Partial<Record<PersonaField, number>>;
  movidos: MergeMoved;
  antes: MergeSnapshot;
  despues_md5: string;
  created_at: Date;
  deshecha_at: Date | null;
}

const FIELDS_SQL = PERSONA_FIELDS.map((f) =>
  f === 'fecha_nacimiento' ? `to_char(p.fecha_nacimiento, 'YYYY-MM-DD') AS fecha_nacimiento` : `p.${f}`,
).join(', ');

/** Rows of `UPDATE … RETURNING` / `DELETE … RETURNING` through TypeORM's [rows, count] answer. */
const returned = <T>(r: unknown): T[] => (Array.isArray(r) && Array.isArray(r[0]) ? (r[0] as T[]) : (r as T[]));

/**
 * Merging people: the locks, the snapshot the undo writes back, and the statements that move every reference of the
 * merged people to the survivor (merge-tables.ts lists what is touched). Everything runs in the caller's transaction.
 */
@Injectable()
export class MergeRepository {
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

  /** Every row of merge-tables.ts about these people, as it is now. */
  async snapshot(manager: EntityManager, ids: number[]): Promise<MergeSnapshot> {
    const snap: MergeSnapshot = {};
    for (const { table, where } of MERGE_TABLES.filter((t) => !t.derived)) {
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
    const parts = MERGE_TABLES.filter((t) => t.fingerprint).map(
      ({ table, where }) =>
        `(SELECT coalesce(string_agg(to_jsonb(t)::text, '|' ORDER BY to_jsonb(t)::text), '') FROM ${table} t WHERE ${where})`,
    );
    const [{ md5 }] = await manager.query(`SELECT md5(${parts.join(` || '#' || `)}) AS md5`, [ids]);
    return md5;
  }

  /**
   * Internal-event invitations: where several of these people were invited to one event, the one who attended, then
   * the one with a seat, then the one who confirmed (then the survivor, then the order given) keeps it; the others
   * are released (their seat goes with them: ON DELETE CASCADE), and their door presence too. Then every remaining
   * invitation of a merged person becomes the survivor's — code, confirmation and seat with it (the seat's foreign
   * key cascades the update, migration 1766500000000) — and so do its door presence and scans. Answers the counts and
   * the events touched.
   */
  async moveInvitations(
    manager: EntityManager,
    survivor: number,
    merged: number[],
  ): Promise<{ moved: number; released: number; seats: number; events: number[] }> {
    const all = [survivor, ...merged];
    const released = returned<{ evento_interno_id: number; persona_id: number }>(
      await manager.query(
        `WITH ranked AS (
         SELECT a.evento_interno_id, a.persona_id,
                row_number() OVER (PARTITION BY a.evento_interno_id
                  ORDER BY (a.confirmacion = 'asistio') DESC, (s.id IS NOT NULL) DESC, (a.confirmacion = 'confirmado') DESC,
                           array_position($1::int[], a.persona_id)) AS rk
           FROM evento_asistentes a
           LEFT JOIN asiento_asignaciones s ON s.evento_interno_id = a.evento_interno_id AND s.persona_id = a.persona_id
          WHERE a.persona_id = ANY($1::int[])
       )
       DELETE FROM evento_asistentes a USING ranked r
        WHERE r.rk > 1 AND a.evento_interno_id = r.evento_interno_id AND a.persona_id = r.persona_id
       RETURNING a.evento_interno_id, a.persona_id`,
        [all],
      ),
    );
    if (released.length)
      await manager.query(
        `DELETE FROM door_presence d USING jsonb_to_recordset($1::jsonb) AS r (evento_interno_id int, persona_id int)
          WHERE d.event_kind = 'interno' AND d.event_id = r.evento_interno_id AND d.holder_id = r.persona_id`,
        [JSON.stringify(released)],
      );
    const moved: Array<{ evento_interno_id: number }> = returned(
      await manager.query(`UPDATE evento_asistentes SET persona_id = $1 WHERE persona_id = ANY($2::int[]) RETURNING evento_interno_id`, [
        survivor,
        merged,
      ]),
    );
    const [{ seats }] = moved.length
      ? await manager.query(
          `SELECT count(*)::int AS seats FROM asiento_asignaciones WHERE persona_id = $1 AND evento_interno_id = ANY($2::int[])`,
          [survivor, moved.map((m) => m.evento_interno_id)],
        )
      : [{ seats: 0 }];
    // A presence left behind by a released invitation's holder was deleted above; what remains moves.
    await manager.query(
      `DELETE FROM door_presence d WHERE d.event_kind = 'interno' AND d.holder_id = ANY($2::int[])
          AND EXISTS (SELECT 1 FROM door_presence x WHERE x.event_kind = 'interno' AND x.event_id = d.event_id AND x.holder_id = $1)`,
      [survivor, merged],
    );
    await manager.query(`UPDATE door_presence SET holder_id = $1 WHERE event_kind = 'interno' AND holder_id = ANY($2::int[])`, [
      survivor,
      merged,
    ]);
    await manager.query(`UPDATE door_scans SET holder_id = $1 WHERE event_kind = 'interno' AND holder_id = ANY($2::int[])`, [
      survivor,
      merged,
    ]);
    const events = [...new Set([...released.map((r) => r.evento_interno_id), ...moved.map((m) => m.evento_interno_id)])].sort(
      (a, b) => a - b,
    );
    return { moved: moved.length, released: released.length, seats, events };
  }

  /**
   * The people database's own references: pairs set aside with a merged person become pairs with the survivor, import
   * review rows point at the survivor, and audit entries about a merged person are about the survivor. Counts.
   */
  async moveOwnReferences(manager: EntityManager, survivor: number, merged: number[]): Promise<{ importRows: number; audit: number }> {
    await manager.query(
      `INSERT INTO persona_no_duplicados (persona_a, persona_b, created_by, created_at)
       SELECT least($1, o.other), greatest($1, o.other), o.created_by, o.created_at
         FROM (SELECT CASE WHEN persona_a = ANY($2::int[]) THEN persona_b ELSE persona_a END AS other, created_by, created_at
                 FROM persona_no_duplicados WHERE persona_a = ANY($2::int[]) OR persona_b = ANY($2::int[])) o
        WHERE o.other <> $1 AND NOT (o.other = ANY($2::int[]))
       ON CONFLICT DO NOTHING`,
      [survivor, merged],
    );
    const a: unknown[] = returned(
      await manager.query(`UPDATE persona_import_duplicados SET persona_id = $1 WHERE persona_id = ANY($2::int[]) RETURNING 1`, [
        survivor,
        merged,
      ]),
    );
    const b: unknown[] = returned(
      await manager.query(`UPDATE persona_import_duplicados SET creada_id = $1 WHERE creada_id = ANY($2::int[]) RETURNING 1`, [
        survivor,
        merged,
      ]),
    );
    const audit: unknown[] = returned(
      await manager.query(
        `UPDATE audit_logs SET resource_id = $1::text WHERE resource_type = 'persona' AND resource_id = ANY($2::int[]::text[]) RETURNING 1`,
        [survivor, merged],
      ),
    );
    return { importRows: a.length + b.length, audit: audit.length };
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
  async restore(manager: EntityManager, ids: number[], snap: MergeSnapshot): Promise<void> {
    const tables = MERGE_TABLES.filter((t) => !t.auditOnly);
    for (const { table, where } of [...tables].reverse()) await manager.query(`DELETE FROM ${table} t WHERE ${where}`, [ids]);
    for (const { table } of tables.filter((t) => !t.derived)) {
      const rows = snap[table] ?? [];
      if (rows.length)
        await manager.query(`INSERT INTO ${table} SELECT * FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)`, [
          JSON.stringify(rows),
        ]);
    }
    for (const { table } of MERGE_TABLES.filter((t) => t.auditOnly)) {
      const rows = snap[table] ?? [];
      if (rows.length)
        await manager.query(
          `UPDATE ${table} a SET resource_id = r.resource_id FROM jsonb_to_recordset($1::jsonb) AS r (id int, resource_id text) WHERE a.id = r.id`,
          [JSON.stringify(rows.map((r) => ({ id: r.id, resource_id: r.resource_id })))],
        );
    }
  }

  async markUndone(manager: EntityManager, id: string, by: number | null): Promise<MergeRow> {
    const [row] = returned<MergeRow>(
      await manager.query(
        `UPDATE persona_fusiones SET deshecha_at = now(), deshecha_por = $2 WHERE id = $1 AND deshecha_at IS NULL RETURNING *`,
        [id, by],
      ),
    );
    return row;
  }
}
