/** Queue names and, for each job name, its payload. Each job name has exactly one handler in workers. */
export const QUEUES = {
  audit: 'audit',
  imports: 'imports',
} as const;

export interface JobPayloads {
  /** Write the audit entry of one domain event (idempotent by event id). */
  'audit.write': { eventId: string };
  /** Import the people of one uploaded CSV (idempotent per import and row). */
  'personas.import': { importId: string };
}

export type JobName = keyof JobPayloads;

export const JOB_QUEUE: { [K in JobName]: (typeof QUEUES)[keyof typeof QUEUES] } = {
  'audit.write': QUEUES.audit,
  'personas.import': QUEUES.imports,
};
