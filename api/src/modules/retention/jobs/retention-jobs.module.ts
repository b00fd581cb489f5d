import { Module } from '@nestjs/common';
import { UnitOfWork } from '@core/outbox/unit-of-work';
import { RETENTION_SWEEP_EVERY_MS } from '@shared/contracts/retention.contract';
import { RetentionRepository } from '../retention.repository';
import { RetentionService } from '../retention.service';
import { RETENTION_PROVIDERS } from '../retention.sources';
import { RetentionSweepJob } from './retention-sweep.job';

/** Retention's scheduled run, as the workers process registers it. */
@Module({
  providers: [UnitOfWork, ...RETENTION_PROVIDERS, RetentionRepository, RetentionService, RetentionSweepJob],
  exports: [RetentionSweepJob],
})
export class RetentionJobsModule {
  static readonly handlers = [RetentionSweepJob];
  static readonly schedules = [{ id: 'retention-sweep', every: RETENTION_SWEEP_EVERY_MS, name: 'privacy.retention-sweep' as const }];
}
