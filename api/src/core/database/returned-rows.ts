/**
 * The rows a raw statement answered: TypeORM's `query()` answers an UPDATE or DELETE … RETURNING as [rows, affected],
 * a SELECT (or an INSERT … RETURNING) as the rows themselves.
 */
export function returnedRows<T>(result: unknown): T[] {
  const r = result as unknown[];
  return Array.isArray(r) && r.length === 2 && Array.isArray(r[0]) && typeof r[1] === 'number' ? (r[0] as T[]) : (r as T[]);
}
