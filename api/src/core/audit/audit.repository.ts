import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditLogEntity } from '@core/entities/audit-log.entity';
import { DOMAIN_EVENT_AUDIT } from '@shared/events/domain-events';
import { preparedQuery } from '../database/prepared';

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
    // Prepared (core/database/prepared.ts): one call per relay batch, twenty or more a second in a burst.
    const rows = await preparedQuery<Record<string, unknown>>(
      this.ds,
      'audit_write_from_events',
      `WITH inserted AS (
         INSERT INTO audit_logs (event_id, user_id, action, event_type, resource_type, resource_id, ip, api_token_id, created_at)
         SELECT e.id, e.actor_id, $2::jsonb ->> e.type, e.type, e.resource_type, e.resource_id, e.ip, e.api_token_id, e.occurred_at
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
          apiTokenId: row.api_token_id as number | null,
          createdAt: row.created_at as Date,
        }),
      ]),
    );
    return eventIds.flatMap((id) => byEvent.get(id) ?? []);
  }

  /**
   * What the audit and the outbox keep of anonymised rows loses its personal data (cancelación and
   * retention): the entries stay (that it happened, when, by whom) without the citizen's IP; the stored domain
   * events keep their type and ids, their payload (names, e-mail, phone…) replaced by a marker. Answers how many
   * audit entries and events were scrubbed.
   */
  async forgetPersonalData(
    manager: EntityManager,
    resourceType: string,
    ids: readonly number[],
  ): Promise<{ entries: number; events: number }> {
    if (ids.length === 0) return { entries: 0, events: 0 };
    const keys = ids.map(String);
    const [, entries]: [unknown, number] = await manager.query(
      `UPDATE audit_logs SET ip = NULL WHERE resource_type = $1 AND resource_id = ANY($2::text[]) AND user_id IS NULL AND ip IS NOT NULL`,
      [resourceType, keys],
    );
    const [, events]: [unknown, number] = await manager.query(
      `UPDATE domain_events SET payload = jsonb_build_object('anonimizado', true), ip = CASE WHEN actor_id IS NULL THEN NULL ELSE ip END
        WHERE resource_type = $1 AND resource_id = ANY($2::text[]) AND published_at IS NOT NULL AND NOT payload ? 'anonimizado'`,
      [resourceType, keys],
    );
    return { entries, events };
  }

  /** Entries about these resources become about `to` (people merged into one): answers how many. */
  async moveResource(manager: EntityManager, resourceType: string, from: readonly number[], to: number): Promise<number> {
    const [, moved]: [unknown, number] = await manager.query(
      `UPDATE audit_logs SET resource_id = $3::text WHERE resource_type = $1 AND resource_id = ANY($2::int[]::text[])`,
      [resourceType, from, to],
    );
    return moved;
  }

  async countAll(): Promise<number> {
    return this.ds.getRepository(AuditLogEntity).count();
  }
}
