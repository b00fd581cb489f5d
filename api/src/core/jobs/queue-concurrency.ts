import type { QUEUES } from '@shared/jobs/jobs';

/** How many jobs of a queue one workers process runs at once: imports are heavy, audit writes are light. */
export const QUEUE_CONCURRENCY: { [Q in (typeof QUEUES)[keyof typeof QUEUES]]: number } = {
  audit: 20,
  imports: 1,
  maintenance: 1,
  seating: 2,
};
