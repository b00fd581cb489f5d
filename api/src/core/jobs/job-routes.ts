import type { DomainEventType, StoredDomainEvent } from '../events/domain-events';
import type { JobRequest } from './job-publisher';

/**
 * The jobs a relay batch of domain events starts: ONE audit job for the whole batch (its entries are
 * written in one statement), plus the jobs some events start besides their audit entry. Enqueued by
 * the outbox relay with the events, so a job requested while Redis is down starts once Redis is back.
 * The audit job's id names the batch's first and last events (deduplicates a re-queued identical batch;
 * the entries themselves are idempotent by event id whatever the batch).
 */
export function jobsForBatch(events: StoredDomainEvent[]): JobRequest[] {
  if (events.length === 0) return [];
  const ids = events.map((e) => e.id);
  const jobs: JobRequest[] = [
    { name: 'audit.write', data: { eventIds: ids }, jobId: ids.length === 1 ? ids[0] : `${ids[0]}..${ids[ids.length - 1]}` },
  ];
  for (const e of events) jobs.push(...jobsForEvent(e));
  return jobs;
}

/** Jobs one domain event starts besides its audit entry. */
function jobsForEvent(e: StoredDomainEvent): JobRequest[] {
  const type: DomainEventType = e.type;
  if (type === 'persona-import.requested') {
    const { import_id } = (e as StoredDomainEvent<'persona-import.requested'>).payload;
    return [{ name: 'personas.import', data: { importId: import_id }, jobId: `import-${import_id}` }];
  }
  return [];
}
