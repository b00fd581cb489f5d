/**
 * Every row a merge can touch, by table: how to find the rows of a set of people (`$1`, an int[] of ids) and whether
 * the undo's "changed since?" fingerprint covers it. The undo deletes these rows and writes them back as they were
 * (children after parents); `audit_logs` only gets its `resource_id` back (entries written after the merge stay).
 *
 * A table with a foreign key to `personas` that is not here would be cascaded away by the undo (which deletes and
 * writes back the survivor): test/personas/merge.int-spec.ts lists every such key from information_schema and fails
 * until its table is here (and moved by MergeRepository). Tables that name a person without a foreign key (seats
 * through the invitation, the door's holder, keys, the audit) are listed by hand.
 */
export interface MergeTable {
  table: string;
  where: string;
  /** Part of the fingerprint: a change to these rows after the merge makes the undo refuse. */
  fingerprint: boolean;
  /** The undo only puts `resource_id` back on these rows (by id). */
  auditOnly?: boolean;
  /** Derived rows: not kept in the snapshot; the undo deletes them and writes them again from the keys (dedupe-pairs.ts). */
  derived?: boolean;
}

/** Parents first: written back in this order, deleted in the reverse one. */
export const MERGE_TABLES: readonly MergeTable[] = [
  { table: 'personas', where: `t.id = ANY($1::int[])`, fingerprint: true },
  { table: 'evento_asistentes', where: `t.persona_id = ANY($1::int[])`, fingerprint: true },
  { table: 'asiento_asignaciones', where: `t.persona_id = ANY($1::int[])`, fingerprint: true },
  { table: 'door_presence', where: `t.event_kind = 'interno' AND t.holder_id = ANY($1::int[])`, fingerprint: true },
  { table: 'door_scans', where: `t.event_kind = 'interno' AND t.holder_id = ANY($1::int[])`, fingerprint: true },
  { table: 'persona_no_duplicados', where: `(t.persona_a = ANY($1::int[]) OR t.persona_b = ANY($1::int[]))`, fingerprint: true },
  { table: 'persona_import_duplicados', where: `(t.persona_id = ANY($1::int[]) OR t.creada_id = ANY($1::int[]))`, fingerprint: true },
  { table: 'persona_duplicado_claves', where: `t.persona_id = ANY($1::int[])`, fingerprint: false },
  { table: 'persona_duplicado_indexadas', where: `t.persona_id = ANY($1::int[])`, fingerprint: false },
  {
    table: 'persona_duplicado_pares',
    where: `(t.persona_a = ANY($1::int[]) OR t.persona_b = ANY($1::int[]))`,
    fingerprint: false,
    derived: true,
  },
  {
    table: 'audit_logs',
    where: `t.resource_type = 'persona' AND t.resource_id = ANY($1::int[]::text[])`,
    fingerprint: false,
    auditOnly: true,
  },
];

/** The tables whose foreign keys to `personas` the merge handles (the test compares them with information_schema). */
export const MERGE_TABLES_WITH_PERSONA_FK = [
  'evento_asistentes',
  'persona_no_duplicados',
  'persona_import_duplicados',
  'persona_duplicado_pares',
] as const;

/** The rows of every table above, as they were: table → rows (to_jsonb of each row). */
export type MergeSnapshot = Record<string, Array<Record<string, unknown>>>;
