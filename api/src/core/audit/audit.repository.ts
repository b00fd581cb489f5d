import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditLogEntity } from '@core/entities';
import { DOMAIN_EVENT_AUDIT } from '@core/events/domain-events';

/** event type → audit action, handed to SQL so the mapping lives in one place. */
const AUDIT_ACTION_BY_TYPE = Object.fromEntries(Object.entries(DOMAIN_EVENT_AUDIT).map(([type, a]) => [type, a.action]));

@Injectable()
export class AuditRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  recentForUser(userId: number, limit: number): Promise<AuditLogEntity[]> {
    return this.ds.getRepository(AuditLogEntity).find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }

  /**
   * Writes the entry of one domain event, idempotent by event id: a retried job finds the row
   * already there and returns it without writing twice.
   */
  async writeFromEvent(eventId: string): Promise<AuditLogEntity | null> {
    const rows: AuditLogEntity[] = await this.ds.query(
      `WITH inserted AS (
         INSERT INTO audit_logs (event_id, user_id, action, event_type, resource_type, resource_id, ip, created_at)
         SELECT e.id, e.actor_id, $2::jsonb ->> e.type, e.type, e.resource_type, e.resource_id, e.ip, e.occurred_at
           FROM domain_events e WHERE e.id = $1
         ON CONFLICT (event_id) DO NOTHING
         RETURNING *)
       SELECT * FROM inserted
       UNION ALL
       SELECT * FROM audit_logs WHERE event_id = $1 AND NOT EXISTS (SELECT 1 FROM inserted)`,
      [eventId, JSON.stringify(AUDIT_ACTION_BY_TYPE)],
    );
    const row = rows[0] as unknown as Record<string, unknown> | undefined;
    if (!row) return null;
    return Object.assign(new AuditLogEntity(), {
      id: row.id as number,
      eventId: row.event_id as string,
      userId: row.user_id as number | null,
      action: row.action as AuditLogEntity['action'],
      eventType: row.event_type as string,
      resourceType: row.resource_type as string | null,
      resourceId: row.resource_id as string | null,
      ip: row.ip as string | null,
      createdAt: row.created_at as Date,
    });
  }

  async countAll(): Promise<number> {
    return this.ds.getRepository(AuditLogEntity).count();
  }
}
