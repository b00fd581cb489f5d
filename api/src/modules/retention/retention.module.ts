import { Module, type OnModuleInit } from '@nestjs/common';
import { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { RetentionController } from './retention.controller';
import { RetentionRepository } from './retention.repository';
import { RetentionService } from './retention.service';
import { RETENTION_PROVIDERS } from './retention.sources';

/**
 * Retention of personal data: one engine over each area's adapter (retention.sources.ts), the dry run and
 * the run-now button's routes. The workers run it on a schedule (jobs/retention-jobs.module.ts).
 */
@Module({
  controllers: [RetentionController],
  providers: [...RETENTION_PROVIDERS, RetentionRepository, RetentionService],
})
export class RetentionModule implements OnModuleInit {
  constructor(private readonly realtime: RealtimeRegistry) {}

  onModuleInit(): void {
    // The screen reloads after its own run; a run's counts are its row, not a push.
    this.realtime.pushRoutes({ 'privacy.retention-run': () => ({ pushes: [] }) });
  }
}
