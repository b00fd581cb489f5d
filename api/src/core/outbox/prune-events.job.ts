import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DOMAIN_EVENTS_PRUNE_BATCH, DOMAIN_EVENTS_RETENTION_DAYS } from '@core/constants';
import { JobBase, pruneInBatches } from '@core/jobs/job-base';
import { OutboxRepository } from '@core/outbox/outbox.repository';

/** maintenance.*: housekeeping the workers run on a schedule. */
@Injectable()
export class PruneEventsJob extends JobBase<'maintenance.prune-events'> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly outbox: OutboxRepository,
  ) {
    super('maintenance.prune-events');
  }

  /** Deletes the old published and audited domain events, a batch per statement (short locks), until none is left. */
  handle(): Promise<void> {
    return this.handlePruneEvents();
  }

  async handlePruneEvents(): Promise<void> {
    const total = await pruneInBatches(DOMAIN_EVENTS_PRUNE_BATCH, (batch) =>
      this.outbox.pruneAudited(this.ds.manager, DOMAIN_EVENTS_RETENTION_DAYS, batch),
    );
    if (total > 0) this.logger.log(`Pruned ${total} domain events older than ${DOMAIN_EVENTS_RETENTION_DAYS} days`);
  }
}
