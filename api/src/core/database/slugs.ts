import type { EntityManager } from 'typeorm';
import { firstFreeSlug } from '@shared/rules/slug';
import type { AdvisoryLockKey } from './advisory-locks';

/** A table whose rows have a unique public slug, and the lock that orders their creations (named by its module). */
export interface SlugTable {
  table: string;
  lock: AdvisoryLockKey;
}

/**
 * A new row's slug, inside its creating transaction: `base`, or base-2, base-3… whichever is free.
 * Creations with the same base wait on one transaction-scoped advisory lock (second key hashtext(base)),
 * so two at once take different suffixes; the table's UNIQUE index on slug is the last guard.
 */
export async function claimSlug(manager: EntityManager, { table, lock }: SlugTable, base: string): Promise<string> {
  await manager.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [lock, base]);
  const rows: Array<{ slug: string }> = await manager.query(`SELECT slug FROM ${table} WHERE slug = $1 OR slug LIKE $2`, [
    base,
    `${base}-%`,
  ]);
  return firstFreeSlug(
    base,
    rows.map((r) => r.slug),
  );
}
