import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import { DUPLICATES_KEY_BATCH } from '../personas.constants';
import { blockingKeys, type DedupePerson } from './dedupe-rules';
import { lockForPairs, type PairRules } from './dedupe-pairs';
import { DedupeRepository } from './dedupe.repository';
import type { DedupeSettings } from './dedupe.settings';

/** The settings that decide which pairs are stored. */
export const pairRules = (config: DedupeSettings): PairRules => ({
  minScore: config.personasDuplicateMinScore,
  blockMax: config.personasDuplicateBlockMax,
});

/**
 * Writes the blocking keys of possible duplicates (dedupe-rules.ts `blockingKeys`) and the stored pairs they make
 * (dedupe-pairs.ts): for one person in its writer's
 * transaction (the form, a reviewed import row, a merge, an ARCO rectification), and for every person not keyed yet
 * in batches (after a CSV import, which writes people by COPY without keys; and the `personas.dedupe-keys` job, for
 * any other path). Never from a listing: a read writes nothing.
 */
@Injectable()
export class DedupeKeyer {
  /** One keying run over the whole table at a time in this process (a second caller waits for it). */
  private keying: Promise<void> | null = null;

  private readonly rules: PairRules;

  constructor(
    private readonly repo: DedupeRepository,
    @Inject(APP_CONFIG) config: AppConfig & DedupeSettings,
  ) {
    this.rules = pairRules(config);
  }

  rekey(manager: EntityManager, id: number, person: DedupePerson): Promise<void> {
    return this.repo.writeKeys(manager, [{ id, keys: blockingKeys(person) }], this.rules);
  }

  /** Rewrites the stored pairs of these people from the keys they have (a merge's undo wrote keys back as they were). */
  repair(manager: EntityManager, ids: number[]): Promise<void> {
    return this.repo.writePairs(manager, ids, this.rules);
  }

  /** Keys every person not keyed yet: all of them, or one import's. */
  keyMissing(importId?: string): Promise<void> {
    if (importId) return this.run(importId);
    this.keying ??= this.run().finally(() => (this.keying = null));
    return this.keying;
  }

  private async run(importId?: string): Promise<void> {
    for (;;) {
      // The batch lock first, then the rows: a person a screen is saving right now has its keys rewritten by that
      // screen after this batch (it waits for the lock), so keys read from its old row here do not stay.
      const keyed = await this.repo.transaction(async (m) => {
        await lockForPairs(m, Infinity, []);
        const rows = await this.repo.unkeyed(DUPLICATES_KEY_BATCH, importId, m);
        if (rows.length)
          await this.repo.writeKeys(
            m,
            rows.map((r) => ({ id: r.id, keys: blockingKeys(r) })),
            this.rules,
          );
        return rows.length;
      });
      if (keyed < DUPLICATES_KEY_BATCH) return;
    }
  }
}
