import type { ObjectLiteral, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';

/**
 * Writes the given fields of one row and moves its `version` on (the counter the live screens order
 * changes by, base-columns.ts), in one UPDATE. The module passes its own repository.
 */
export async function updateVersioned<E extends ObjectLiteral>(
  repo: Repository<E>,
  id: number,
  fields: QueryDeepPartialEntity<E>,
): Promise<void> {
  await repo
    .createQueryBuilder()
    .update()
    .set({ ...fields, version: () => 'version + 1' })
    .where('id = :id', { id })
    .execute();
}
