import type { EntityManager } from 'typeorm';
import { AdvisoryLock } from './advisory-locks';

/** The tables with one featured row at most: their flag column and the lock that orders changes to it. */
const FEATURED = {
  external_events: { column: 'is_featured', lock: AdvisoryLock.ExternalEventFeatured },
  programas: { column: 'es_destacado', lock: AdvisoryLock.ProgramFeatured },
} as const;

export type FeaturedTable = keyof typeof FEATURED;

/**
 * "Only one featured" (spec 1 §4; programs alike), step one, first in the transaction: concurrent changes
 * of the flag wait on one advisory lock. Each table's partial unique index on its flag is the last guard.
 */
export async function lockFeatured(manager: EntityManager, table: FeaturedTable): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock($1)`, [FEATURED[table].lock]);
}

/** Step two, before featuring a row: clears the flag on every other row (a version bump each); their ids. */
export async function clearOtherFeatured(manager: EntityManager, table: FeaturedTable, exceptId: number): Promise<number[]> {
  const { column } = FEATURED[table];
  const [rows]: [Array<{ id: number }>, number] = await manager.query(
    `UPDATE ${table} SET ${column} = false, version = version + 1, updated_at = now() WHERE ${column} AND id <> $1 RETURNING id`,
    [exceptId],
  );
  return rows.map((r) => r.id);
}
