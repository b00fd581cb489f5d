import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DOMAIN_EVENTS_PRUNE_BATCH, DOMAIN_EVENTS_RETENTION_DAYS } from '@core/constants';
import type { JobHandler } from '@core/jobs/job-handler';
import { OutboxRepository } from '@core/outbox/outbox.repository';

/** maintenance.*: housekeeping the workers run on a schedule. */
@Injectable()
export class PruneEventsJob implements JobHandler<'maintenance.prune-events'> {
  readonly job = 'maintenance.prune-events' as const;
  private readonly logger = new Logger(PruneEventsJob.name);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly outbox: OutboxRepository,
  ) {}

  /** Deletes the old published and audited domain events, a batch per statement (short locks), until none is left. */
  handle(): Promise<void> {
    return this.handlePruneEvents();
  }

  async handlePruneEvents(): Promise<void> {
    let total = 0;
    for (;;) {
      const n = await this.outbox.pruneAudited(this.ds.manager, DOMAIN_EVENTS_RETENTION_DAYS, DOMAIN_EVENTS_PRUNE_BATCH);
      total += n;
      if (n < DOMAIN_EVENTS_PRUNE_BATCH) break;
    }
    if (total > 0) this.logger.log(`Pruned ${total} domain events older than ${DOMAIN_EVENTS_RETENTION_DAYS} days`);
  }
}
