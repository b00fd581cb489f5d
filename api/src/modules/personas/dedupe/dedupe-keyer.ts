import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DUPLICATES_KEY_BATCH } from '../personas.constants';
import { blockingKeys, type DedupePerson } from './dedupe-rules';
import { DedupeRepository } from './dedupe.repository';

/**
 * Writes the blocking keys of possible duplicates (dedupe-rules.ts `blockingKeys`): for one person in its writer's
 * transaction (the form, a reviewed import row, a merge, an ARCO rectification), and for every person not keyed yet
 * in batches (after a CSV import, which writes people by COPY without keys; and the `personas.dedupe-keys` job, for
 * any other path). Never from a listing: a read writes nothing.
 */
@Injectable()
export class DedupeKeyer {
  /** One keying run over the whole table at a time in this process (a second caller waits for it). */
  private keying: Promise<void> | null = null;

  constructor(private readonly repo: DedupeRepository) {}

  rekey(manager: EntityManager, id: number, person: DedupePerson): Promise<void> {
    return this.repo.writeKeys(manager, [{ id, keys: blockingKeys(person) }]);
  }

  /** Keys every person not keyed yet: all of them, or one import's. */
  keyMissing(importId?: string): Promise<void> {
    if (importId) return this.run(importId);
    this.keying ??= this.run().finally(() => (this.keying = null));
    return this.keying;
  }

  private async run(importId?: string): Promise<void> {
    for (;;) {
      const rows = await this.repo.unkeyed(DUPLICATES_KEY_BATCH, importId);
      if (!rows.length) return;
      await this.repo.transaction((m) =>
        this.repo.writeKeys(
          m,
          rows.map((r) => ({ id: r.id, keys: blockingKeys(r) })),
        ),
      );
      if (rows.length < DUPLICATES_KEY_BATCH) return;
    }
  }
}
