import type { EntityManager } from 'typeorm';

/** A data source or a transaction's manager: both answer raw SQL. */
type Sql = Pick<EntityManager, 'query'>;

/** How many rows of `from` (a table, aliased as the WHERE needs) the WHERE selects. */
export async function countRows(db: Sql, from: string, where: string, params: unknown[]): Promise<number> {
  const rows: Array<{ n: number }> = await db.query(`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`, params);
  return rows[0].n;
}

/** Updates, in one statement, the rows of `table` the WHERE selects (retention's purges); how many changed. */
export async function updateRows(db: Sql, table: string, set: string, where: string, params: unknown[]): Promise<number> {
  const rows: Array<{ n: number }> = await db.query(
    `WITH changed AS (UPDATE ${table} SET ${set} WHERE ${where} RETURNING 1) SELECT count(*)::int AS n FROM changed`,
    params,
  );
  return rows[0].n;
}
