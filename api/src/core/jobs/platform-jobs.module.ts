import { Module } from '@nestjs/common';
import { DOMAIN_EVENTS_PRUNE_EVERY_MS } from '../constants';
import { AuditWriteJob } from '../audit/audit-write.job';
import { AuditRepository } from '../audit/audit.repository';
import { PruneEventsJob } from '../outbox/prune-events.job';

/** The platform's own jobs: audit entries and the outbox's maintenance. */
@Module({ providers: [AuditRepository, AuditWriteJob, PruneEventsJob], exports: [AuditWriteJob, PruneEventsJob] })
export class PlatformJobsModule {
  static readonly handlers = [AuditWriteJob, PruneEventsJob];
  static readonly schedules = [
    { id: 'prune-domain-events', every: DOMAIN_EVENTS_PRUNE_EVERY_MS, name: 'maintenance.prune-events' as const },
  ];
}
