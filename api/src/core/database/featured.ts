import type { EntityManager } from 'typeorm';
import type { AdvisoryLockKey } from './advisory-locks';

/** A table with one featured row at most: its flag column and the lock that orders changes to it (named by its module). */
export interface FeaturedFlag {
  table: string;
  column: string;
  lock: AdvisoryLockKey;
}

/**
 * "Only one featured" (spec 1 §4; programs alike), step one, first in the transaction: concurrent changes
 * of the flag wait on one advisory lock. The table's partial unique index on its flag is the last guard.
 */
export async function lockFeatured(manager: EntityManager, { lock }: FeaturedFlag): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock($1)`, [lock]);
}

/** Step two, before featuring a row: clears the flag on every other row (a version bump each); their ids. */
export async function clearOtherFeatured(manager: EntityManager, { table, column }: FeaturedFlag, exceptId: number): Promise<number[]> {
  const [rows]: [Array<{ id: number }>, number] = await manager.query(
    `UPDATE ${table} SET ${column} = false, version = version + 1, updated_at = now() WHERE ${column} AND id <> $1 RETURNING id`,
    [exceptId],
  );
  return rows.map((r) => r.id);
}
