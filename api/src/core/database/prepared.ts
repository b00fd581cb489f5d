import type { DataSource } from 'typeorm';
import type { PoolClient, QueryResultRow } from 'pg';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/**
 * Runs a hot statement as a named prepared statement on a connection of TypeORM's pool: each connection parses it
 * once, and PostgreSQL may keep its plan, where TypeORM's `query()` sends it unnamed (parsed and planned at every
 * call). For statements run many times a second: the public registration batch, the Idempotency-Key's, each relay
 * batch's audit write, the send job's (docs/decisions/plataforma.md, «Sentencias preparadas donde se repiten»). `name` must
 * be unique per text.
 */
export async function preparedQuery<R extends QueryResultRow>(ds: DataSource, name: string, text: string, values: unknown[]): Promise<R[]> {
  const [client, release] = (await (ds.driver as PostgresDriver).obtainMasterConnection()) as [PoolClient, () => void];
  try {
    return (await client.query<R>({ name, text, values })).rows;
  } finally {
    release();
  }
}
