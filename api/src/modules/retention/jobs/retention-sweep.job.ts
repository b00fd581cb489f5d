import { Injectable } from '@nestjs/common';
import { JobBase } from '@core/jobs/job-base';
import type { EventActor } from '@shared/events/domain-events';
import { RetentionService } from '../retention.service';

/** Acts for nobody (audited as 'sistema'). */
const SYSTEM: EventActor = { userId: null, ip: null };

/**
 * privacy.retention-sweep: scheduled every RETENTION_SWEEP_EVERY_MS, one job scheduler per cluster (a BullMQ job is
 * taken by one worker); the run's advisory lock and its "not yet done" statements make a second one harmless anyway.
 */
@Injectable()
export class RetentionSweepJob extends JobBase<'privacy.retention-sweep'> {
  constructor(private readonly retention: RetentionService) {
    super('privacy.retention-sweep');
  }

  async handle(): Promise<void> {
    const run = await this.retention.run('programada', SYSTEM);
    if (run) this.logger.log(`Retention run ${run.id}: ${run.total} records changed`);
  }
}
