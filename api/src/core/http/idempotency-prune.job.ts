import { Injectable } from '@nestjs/common';
import { IDEMPOTENCY_PRUNE_BATCH } from '../constants';
import { JobBase, pruneInBatches } from '../jobs/job-base';
import { IdempotencyRepository } from './idempotency.repository';

/** maintenance.prune-idempotency-keys: the keys past their IDEMPOTENCY_KEY_TTL_MS go, a batch per statement. */
@Injectable()
export class PruneIdempotencyKeysJob extends JobBase<'maintenance.prune-idempotency-keys'> {
  constructor(private readonly keys: IdempotencyRepository) {
    super('maintenance.prune-idempotency-keys');
  }

  async handle(): Promise<void> {
    const total = await pruneInBatches(IDEMPOTENCY_PRUNE_BATCH, (batch) => this.keys.pruneExpired(batch));
    if (total > 0) this.logger.log(`Pruned ${total} expired idempotency keys`);
  }
}
