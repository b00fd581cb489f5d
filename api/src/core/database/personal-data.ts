/**
 * What counts as personal data in a table, declared ONCE by the area that owns it (`<area>.personal-data.ts`), and the
 * one way to anonymise such a row in place: names become ANONYMIZED_NAME, the e-mail a unique address that cannot be
 * delivered (RFC 2606 `.invalid`), every other personal column NULL (or `{}` for JSON), `anonimizado_at` the time. The
 * row itself — its status, its place, its counts — stays. Retention (`anonymizeEndedBefore`, issue 29 §2) uses it;
 * ARCO cancellation (`anonymizeByEmail`) is meant to use the same declarations.
 */
export interface PersonalDataColumns {
  table: string;
  /** A short tag for the placeholder e-mail (`anonimizado+<tag>-<id>@anonimizado.invalid`). */
  tag: string;
  names: readonly string[];
  email: string;
  /** Set to NULL. */
  cleared: readonly string[];
  /** JSON copies of the person's data, set to `{}`. */
  emptiedJson?: readonly string[];
}

export const ANONYMIZED_NAME = 'Anonimizado';
export const ANONYMIZED_EMAIL_DOMAIN = 'anonimizado.invalid';

/** The SET list that anonymises a row of `c.table` (aliased or not: columns are unqualified, as SET needs). */
export function anonymizeSetSql(c: PersonalDataColumns): string {
  return [
    ...c.names.map((n) => `${n} = '${ANONYMIZED_NAME}'`),
    `${c.email} = 'anonimizado+${c.tag}-' || id || '@${ANONYMIZED_EMAIL_DOMAIN}'`,
    ...c.cleared.map((n) => `${n} = NULL`),
    ...(c.emptiedJson ?? []).map((n) => `${n} = '{}'::jsonb`),
    `anonimizado_at = now()`,
    `updated_at = now()`,
  ].join(', ');
}

/** A query runner: a DataSource's or a transaction's manager. */
interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** How many rows of `c.table` matching `where` are not anonymised yet (the dry run). */
export async function countNotAnonymized(db: Queryable, c: PersonalDataColumns, where: string, params: unknown[]): Promise<number> {
  const rows = (await db.query(`SELECT count(*)::int AS n FROM ${c.table} WHERE anonimizado_at IS NULL AND (${where})`, params)) as Array<{
    n: number;
  }>;
  return rows[0].n;
}

/** Anonymises, in one statement, the rows of `c.table` matching `where` not anonymised yet; how many it changed. */
export async function anonymizeWhere(db: Queryable, c: PersonalDataColumns, where: string, params: unknown[]): Promise<number> {
  const rows = (await db.query(
    `WITH changed AS (UPDATE ${c.table} SET ${anonymizeSetSql(c)} WHERE anonimizado_at IS NULL AND (${where}) RETURNING 1)
     SELECT count(*)::int AS n FROM changed`,
    params,
  )) as Array<{ n: number }>;
  return rows[0].n;
}
