import { Injectable, Logger } from '@nestjs/common';
import { IDEMPOTENCY_PRUNE_BATCH } from '../constants';
import type { JobHandler } from '../jobs/job-handler';
import { IdempotencyRepository } from './idempotency.repository';

/** maintenance.prune-idempotency-keys: the keys past their IDEMPOTENCY_KEY_TTL_MS go, a batch per statement. */
@Injectable()
export class PruneIdempotencyKeysJob implements JobHandler<'maintenance.prune-idempotency-keys'> {
  readonly job = 'maintenance.prune-idempotency-keys' as const;
  private readonly logger = new Logger(PruneIdempotencyKeysJob.name);

  constructor(private readonly keys: IdempotencyRepository) {}

  async handle(): Promise<void> {
    let total = 0;
    for (;;) {
      const n = await this.keys.pruneExpired(IDEMPOTENCY_PRUNE_BATCH);
      total += n;
      if (n < IDEMPOTENCY_PRUNE_BATCH) break;
    }
    if (total > 0) this.logger.log(`Pruned ${total} expired idempotency keys`);
  }
}
