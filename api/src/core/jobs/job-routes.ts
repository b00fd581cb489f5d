import type { DomainEventType, StoredDomainEvent } from '../events/domain-events';
import type { JobRequest } from './job-publisher';

/**
 * Jobs a domain event starts besides its audit entry. Enqueued by the outbox relay with the
 * event, so a job requested while Redis is down starts once Redis is back.
 */
export function jobsForEvent(e: StoredDomainEvent): JobRequest[] {
  const jobs: JobRequest[] = [{ name: 'audit.write', data: { eventId: e.id }, jobId: e.id }];
  const type: DomainEventType = e.type;
  if (type === 'persona-import.requested') {
    const { import_id } = (e as StoredDomainEvent<'persona-import.requested'>).payload;
    jobs.push({ name: 'personas.import', data: { importId: import_id }, jobId: `import-${import_id}` });
  }
  return jobs;
}
