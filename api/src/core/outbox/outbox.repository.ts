import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { OUTBOX_CHANNEL } from '../constants';
import { DOMAIN_EVENT_AUDIT, type EventActor, type NewDomainEvent, type StoredDomainEvent } from '@shared/events/domain-events';

/** A claimed row as the simple protocol returns it (types parsed by node-pg as for any query). */
interface ClaimedRow {
  id: string;
  type: StoredDomainEvent['type'];
  actor_id: number | null;
  ip: string | null;
  resource_type: string | null;
  resource_id: string | null;
  payload: StoredDomainEvent['payload'];
  occurred_at: Date;
}

/** The part of a node-pg client the relay uses. */
export interface SqlClient {
  query(text: string): Promise<unknown>;
}

@Injectable()
export class OutboxRepository {
  /** Writes the events inside the caller's transaction. */
  async insert(manager: EntityManager, actor: EventActor, events: NewDomainEvent[]): Promise<string[]> {
    const rows = events.map((e) => ({
      id: randomUUID(),
      type: e.type,
      actor_id: actor.userId,
      ip: actor.ip,
      api_token_id: actor.apiTokenId ?? null,
      resource_type: DOMAIN_EVENT_AUDIT[e.type].resourceType,
      resource_id: e.resourceId === undefined || e.resourceId === null ? null : String(e.resourceId),
      payload: e.payload,
    }));
    // The NOTIFY is delivered at commit (not at all on rollback): every API relay drains then, whichever
    // process wrote the events — a worker's batch is pushed at once, not at the relay's next scan.
    await manager.query(
      `WITH ins AS (
         INSERT INTO domain_events (id, type, actor_id, ip, api_token_id, resource_type, resource_id, payload)
         SELECT id, type, actor_id, ip, api_token_id, resource_type, resource_id, payload
           FROM jsonb_to_recordset($1::jsonb)
             AS x(id uuid, type text, actor_id integer, ip text, api_token_id integer, resource_type text, resource_id text, payload jsonb)
         RETURNING 1)
       SELECT pg_notify($2, '') WHERE EXISTS (SELECT 1 FROM ins)`,
      [JSON.stringify(rows), OUTBOX_CHANNEL],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Opens a transaction on `client` and, in the same round trip, takes up to `limit` unpublished events in commit
   * order, skipping those another relay holds, and stamps them published (one simple-protocol message: `BEGIN` and
   * the claim; the caller commits or rolls back). The stamp is seen only when it commits, and a rollback (Redis
   * refused the jobs) leaves them to the next pass. One round trip fewer per relay cycle: on a busy API, each is a
   * wait for its event loop (docs/decisions/plataforma.md, «Los pushes salen al tomar el lote»).
   */
  async beginAndTake(client: SqlClient, limit: number): Promise<StoredDomainEvent[]> {
    if (!Number.isSafeInteger(limit) || limit <= 0) throw new Error(`Invalid outbox batch size ${limit}`);
    // The simple protocol takes no parameters: the limit is a checked integer, written in.
    const results = await client.query(
      `BEGIN;
       WITH taken AS (
         UPDATE domain_events d SET published_at = now()
           FROM (SELECT id FROM domain_events WHERE published_at IS NULL ORDER BY seq LIMIT ${limit} FOR UPDATE SKIP LOCKED) x
          WHERE d.id = x.id
          RETURNING d.id, d.seq, d.type, d.actor_id, d.ip, d.resource_type, d.resource_id, d.payload, d.occurred_at)
       SELECT * FROM taken ORDER BY seq`,
    );
    const rows = (results as unknown as Array<{ rows: ClaimedRow[] }>)[1].rows;
    return rows.map((r) => ({
      id: r.id,
      type: r.type,
      actorId: r.actor_id,
      ip: r.ip,
      resourceType: r.resource_type,
      resourceId: r.resource_id,
      payload: r.payload,
      occurredAt: r.occurred_at,
    }));
  }

  /** The undelivered events (metrics): how long the oldest has waited and how many wait, on the partial index of unpublished rows. */
  async undelivered(manager: EntityManager): Promise<{ lagSeconds: number; pending: number }> {
    const [row]: Array<{ lag: number | null; pending: number }> = await manager.query(
      `SELECT extract(epoch FROM now() - min(occurred_at))::float8 AS lag, count(*)::int AS pending
         FROM domain_events WHERE published_at IS NULL`,
    );
    return { lagSeconds: Math.max(0, row.lag ?? 0), pending: row.pending };
  }

  /**
   * Deletes up to `limit` of the oldest domain events published more than `days` days ago whose audit entry
   * is written (an event still waiting for its audit job stays, whatever its age); returns how many.
   */
  async pruneAudited(manager: EntityManager, days: number, limit: number): Promise<number> {
    const rows: Array<{ n: number }> = await manager.query(
      `WITH gone AS (
         DELETE FROM domain_events WHERE id IN (
           SELECT d.id FROM domain_events d
            WHERE d.published_at < now() - make_interval(days => $1::int)
              AND EXISTS (SELECT 1 FROM audit_logs a WHERE a.event_id = d.id)
            ORDER BY d.seq LIMIT $2::int)
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [days, limit],
    );
    return rows[0].n;
  }

  async countUnpublished(manager: EntityManager): Promise<number> {
    const [{ count }] = await manager.query(`SELECT count(*)::int AS count FROM domain_events WHERE published_at IS NULL`);
    return count;
  }
}
