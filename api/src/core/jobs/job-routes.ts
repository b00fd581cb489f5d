import { Injectable } from '@nestjs/common';
import type { DomainEventType, StoredDomainEvent } from '@shared/events/domain-events';
import type { JobRequest } from './job-publisher';

/** The jobs one domain event starts besides its audit entry. */
export type JobRoute<K extends DomainEventType> = (e: StoredDomainEvent<K>) => JobRequest[];
/** The jobs a whole relay batch starts, whoever owns its events (an area that listens to other areas' events). */
export type BatchJobRoute = (events: readonly StoredDomainEvent[]) => JobRequest[];

/**
 * The jobs a relay batch of domain events starts: ONE audit job for the whole batch (its entries are
 * written in one statement), plus the jobs some events start besides their audit entry — each area
 * registers those of its own events when it starts. Enqueued by the outbox relay with the events, so a
 * job requested while Redis is down starts once Redis is back. The audit job's id names the batch's
 * first and last events (deduplicates a re-queued identical batch; the entries themselves are
 * idempotent by event id whatever the batch).
 */
@Injectable()
export class JobRoutes {
  private readonly routes = new Map<DomainEventType, JobRoute<DomainEventType>>();
  /** Routes every batch passes through besides its events' own (an area that listens to other areas' events: webhooks). */
  private readonly everyBatch: BatchJobRoute[] = [];

  register<K extends DomainEventType>(type: K, route: JobRoute<K>): void {
    if (this.routes.has(type)) throw new Error(`Job route for ${type} registered twice`);
    this.routes.set(type, route as unknown as JobRoute<DomainEventType>);
  }

  /**
   * A route every relay batch passes through, whoever owns its events (it decides by their types): registered once per
   * area that needs it. Per batch, not per event: a burst's 200 registrations are one job of such an area, not 200.
   */
  registerForBatch(route: BatchJobRoute): void {
    this.everyBatch.push(route);
  }

  jobsForBatch(events: StoredDomainEvent[]): JobRequest[] {
    if (events.length === 0) return [];
    const ids = events.map((e) => e.id);
    const jobs: JobRequest[] = [
      { name: 'audit.write', data: { eventIds: ids }, jobId: ids.length === 1 ? ids[0] : `${ids[0]}..${ids[ids.length - 1]}` },
    ];
    for (const e of events) jobs.push(...(this.routes.get(e.type)?.(e) ?? []));
    for (const route of this.everyBatch) jobs.push(...route(events));
    return jobs;
  }
}
