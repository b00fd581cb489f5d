import { Injectable, Logger } from '@nestjs/common';
import type { JobHandler } from '@core/jobs/job-handler';
import type { EventActor } from '@shared/events/domain-events';
import { RetentionService } from '../retention.service';

/** Acts for nobody (audited as 'sistema'). */
const SYSTEM: EventActor = { userId: null, ip: null };

/**
 * privacy.retention-sweep: scheduled every RETENTION_SWEEP_EVERY_MS, one job scheduler per cluster (a BullMQ job is
 * taken by one worker); the run's advisory lock and its "not yet done" statements make a second one harmless anyway.
 */
@Injectable()
export class RetentionSweepJob implements JobHandler<'privacy.retention-sweep'> {
  readonly job = 'privacy.retention-sweep' as const;
  private readonly logger = new Logger(RetentionSweepJob.name);

  constructor(private readonly retention: RetentionService) {}

  async handle(): Promise<void> {
    const run = await this.retention.run('programada', SYSTEM);
    if (run) this.logger.log(`Retention run ${run.id}: ${run.total} records changed`);
  }
}
