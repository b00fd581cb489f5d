import { Module } from '@nestjs/common';
import { DOMAIN_EVENTS_PRUNE_EVERY_MS, IDEMPOTENCY_PRUNE_EVERY_MS } from '../constants';
import { AuditWriteJob } from '../audit/audit-write.job';
import { AuditRepository } from '../audit/audit.repository';
import { PruneEventsJob } from '../outbox/prune-events.job';
import { PruneIdempotencyKeysJob } from '../http/idempotency-prune.job';
import { IdempotencyRepository } from '../http/idempotency.repository';

/** The platform's own jobs: audit entries, the outbox's and the idempotency keys' maintenance. */
@Module({
  providers: [AuditRepository, AuditWriteJob, PruneEventsJob, IdempotencyRepository, PruneIdempotencyKeysJob],
  exports: [AuditWriteJob, PruneEventsJob, PruneIdempotencyKeysJob],
})
export class PlatformJobsModule {
  static readonly handlers = [AuditWriteJob, PruneEventsJob, PruneIdempotencyKeysJob];
  static readonly schedules = [
    { id: 'prune-domain-events', every: DOMAIN_EVENTS_PRUNE_EVERY_MS, name: 'maintenance.prune-events' as const },
    { id: 'prune-idempotency-keys', every: IDEMPOTENCY_PRUNE_EVERY_MS, name: 'maintenance.prune-idempotency-keys' as const },
  ];
}
