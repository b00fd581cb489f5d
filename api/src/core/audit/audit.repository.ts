import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditLogEntity } from '@core/entities/audit-log.entity';
import { DOMAIN_EVENT_AUDIT } from '@shared/events/domain-events';

/** event type → audit action, handed to SQL so the mapping lives in one place. */
const AUDIT_ACTION_BY_TYPE = Object.fromEntries(Object.entries(DOMAIN_EVENT_AUDIT).map(([type, a]) => [type, a.action]));

@Injectable()
export class AuditRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  recentForUser(userId: number, limit: number): Promise<AuditLogEntity[]> {
    return this.ds.getRepository(AuditLogEntity).find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }

  /**
   * Writes the entries of a batch of domain events in one statement, idempotent by event id: a
   * retried job finds the rows already there and returns them without writing twice. Returns the
   * entries of every given event that exists (new or already written), in the given order.
   */
  async writeFromEvents(eventIds: string[]): Promise<AuditLogEntity[]> {
    const rows: Array<Record<string, unknown>> = await this.ds.query(
      `WITH inserted AS (
         INSERT INTO audit_logs (event_id, user_id, action, event_type, resource_type, resource_id, ip, created_at)
         SELECT e.id, e.actor_id, $2::jsonb ->> e.type, e.type, e.resource_type, e.resource_id, e.ip, e.occurred_at
           FROM domain_events e WHERE e.id = ANY($1::uuid[])
          ORDER BY e.seq
         ON CONFLICT (event_id) DO NOTHING
         RETURNING *)
       SELECT * FROM inserted
       UNION ALL
       SELECT * FROM audit_logs WHERE event_id = ANY($1::uuid[]) AND event_id NOT IN (SELECT event_id FROM inserted)`,
      [eventIds, JSON.stringify(AUDIT_ACTION_BY_TYPE)],
    );
    const byEvent = new Map(
      rows.map((row) => [
        row.event_id as string,
        Object.assign(new AuditLogEntity(), {
          id: row.id as number,
          eventId: row.event_id as string,
          userId: row.user_id as number | null,
          action: row.action as AuditLogEntity['action'],
          eventType: row.event_type as string,
          resourceType: row.resource_type as string | null,
          resourceId: row.resource_id as string | null,
          ip: row.ip as string | null,
          createdAt: row.created_at as Date,
        }),
      ]),
    );
    return eventIds.flatMap((id) => byEvent.get(id) ?? []);
  }

  async countAll(): Promise<number> {
    return this.ds.getRepository(AuditLogEntity).count();
  }
}
