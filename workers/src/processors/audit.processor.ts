import { Injectable } from '@nestjs/common';
import type { JobPayloads } from '@core/jobs/jobs';
import { AuditRepository } from '@core/audit/audit.repository';
import { toAuditLogResponse } from '@core/audit/audit.mapper';
import { SocketEmitter } from '../socket-emitter';

/** audit.write: one audit entry per domain event (idempotent), then the actor's dashboard push. */
@Injectable()
export class AuditProcessor {
  constructor(
    private readonly audit: AuditRepository,
    private readonly sockets: SocketEmitter,
  ) {}

  async handleAuditWrite({ eventId }: JobPayloads['audit.write']): Promise<void> {
    const entry = await this.audit.writeFromEvent(eventId);
    if (!entry) throw new Error(`Domain event ${eventId} not found`);
    if (entry.userId !== null) {
      // Retries push again; the web de-duplicates by entry id.
      this.sockets.toUser(entry.userId, 'audit.created', {
        event_id: eventId,
        occurred_at: entry.createdAt.toISOString(),
        data: { entry: toAuditLogResponse(entry) },
      });
    }
  }
}
