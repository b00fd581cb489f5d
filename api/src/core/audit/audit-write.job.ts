import { Injectable } from '@nestjs/common';
import type { JobPayloads } from '@shared/jobs/jobs';
import { AuditRepository } from '@core/audit/audit.repository';
import { toAuditLogResponse } from '@core/audit/audit.mapper';
import { JobBase } from '@core/jobs/job-base';
import { SocketEmitter } from '@core/realtime/socket-emitter';

/** audit.write: the audit entries of a batch of domain events (idempotent), then each actor's dashboard push. */
@Injectable()
export class AuditWriteJob extends JobBase<'audit.write'> {
  constructor(
    private readonly audit: AuditRepository,
    private readonly sockets: SocketEmitter,
  ) {
    super('audit.write');
  }

  async handle(payload: JobPayloads['audit.write']): Promise<void> {
    const eventIds = 'eventIds' in payload ? payload.eventIds : [payload.eventId];
    const entries = await this.audit.writeFromEvents(eventIds);
    for (const entry of entries) {
      if (entry.userId === null) continue;
      // Retries push again; the web de-duplicates by entry id.
      this.sockets.toUser(entry.userId, 'audit.created', {
        event_id: entry.eventId,
        occurred_at: entry.createdAt.toISOString(),
        data: { entry: toAuditLogResponse(entry) },
      });
    }
    if (entries.length < eventIds.length) {
      const found = new Set(entries.map((e) => e.eventId));
      throw new Error(`Domain events not found: ${eventIds.filter((id) => !found.has(id)).join(', ')}`);
    }
  }
}
