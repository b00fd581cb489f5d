/** Queue names and, for each job name, its payload. Each job name has exactly one handler in workers. */
export const QUEUES = {
  audit: 'audit',
  imports: 'imports',
  maintenance: 'maintenance',
  seating: 'seating',
  waitlist: 'waitlist',
  mail: 'mail',
  // Internal events' invitation batches. The name stays: a deployed Redis keeps their waiting jobs under it.
  notify: 'notify',
  webhooks: 'webhooks',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** How many jobs of a queue one workers process runs at once: imports are heavy, audit writes are light. */
export const QUEUE_CONCURRENCY: { [Q in QueueName]: number } = {
  audit: 20,
  imports: 1,
  maintenance: 1,
  seating: 2,
  waitlist: 5,
  mail: 4, // one SMTP connection each (pooled transport): the SMTP server's answer is most of a message's time
  notify: 2,
  webhooks: 8, // one endpoint's line at a time each (an advisory lock): a slow receiver holds one slot, not the queue
};

/**
 * Queues whose pace is a setting: at most this many jobs per minute across every workers process (a BullMQ rate
 * limiter, kept in Redis). The mail queue follows MAIL_PER_MINUTE: an SMTP relay allows so many messages a
 * minute, and the API keeps its CPU while a bulk send runs (docs/decisions/correos.md).
 */
export const QUEUE_PER_MINUTE_SETTING: { [Q in QueueName]?: 'mailPerMinute' } = { mail: 'mailPerMinute' };

export interface JobPayloads {
  /**
   * Write the audit entries of a batch of domain events (idempotent by event id). `eventId` is the
   * single-event form queued by earlier versions, still accepted.
   */
  'audit.write': { eventIds: string[] } | { eventId: string };
  /** Import the people of one uploaded CSV (idempotent per import and row). */
  'personas.import': { importId: string };
  /** Write the duplicate-blocking keys of every person who has none (scheduled every PERSONAS_DEDUPE_KEYS_EVERY_MS). */
  'personas.dedupe-keys': Record<string, never>;
  /** Delete the domain events published and audited more than DOMAIN_EVENTS_RETENTION_DAYS ago (scheduled hourly). */
  'maintenance.prune-events': Record<string, never>;
  /** Delete the idempotency keys past their time (scheduled hourly; core/http/idempotency-prune.job.ts). */
  'maintenance.prune-idempotency-keys': Record<string, never>;
  /** Place the people of one mass seat assignment (idempotent per mass assignment; set-based batches). */
  'seating.mass-assign': { massAssignmentId: string };
  /** Waitlist: an offer's time is up — pass its held place to the next in line (delayed until then). */
  'waitlist.expire-offer': { entryId: number; offer: number };
  /** Waitlist: expire every offer past its time (scheduled; the safety net of the delayed jobs). */
  'waitlist.sweep-offers': Record<string, never>;
  /** Program waitlist: an offer's time is up — pass its held place to the next in line (delayed until then). */
  'program-waitlist.expire-offer': { entryId: number; offer: number };
  /** Program waitlist: expire every offer past its time (scheduled; the safety net of the delayed jobs). */
  'program-waitlist.sweep-offers': Record<string, never>;
  /** Render and send one message of `correos` (jobId correo-<id>; never sent twice: docs/decisions/correos.md). */
  'mail.send': { correoId: string };
  /** Enqueue the messages a missed NOTIFY or a dead worker left waiting (scheduled every MAIL_SWEEP_EVERY_MS). */
  'mail.sweep': Record<string, never>;
  // Mail: each area queues its own messages for its own records.
  /** Queue one invitation message per attendee of one request (idempotent per attendee and request; batches). */
  'internal-events.send-invitations': { sendId: string };
  /** Queue the day-before reminders of internal events' confirmed invitees (scheduled; once per invitee by key). */
  'internal-events.reminders': Record<string, never>;
  /** Queue the day-before reminders of external events' registrants (scheduled; once per registration by key). */
  'external-events.reminders': Record<string, never>;
  /** Retention: anonymise, purge and delete what is past its period (scheduled; idempotent). */
  'privacy.retention-sweep': Record<string, never>;
  /**
   * Privacy (scheduled): mail the privacidad staff about ARCO requests due within
   * PRIVACY_REMINDER_BUSINESS_DAYS (once per request and person, by key), delete unconfirmed requests whose link
   * expired, and drop access exports whose link expired.
   */
  'privacy.sweep': Record<string, never>;
  /** The door's nightly 'vaciar recinto' (DOOR_EMPTY_AT; scheduled every DOOR_EMPTY_SWEEP_EVERY_MS; idempotent). */
  'door.empty-sweep': Record<string, never>;
  /** Webhooks: a published domain event some endpoint may want — run the lines of the endpoints subscribed to it. */
  'webhooks.wake': { eventType: string };
  /** Webhooks: deliver one endpoint's line in order, until it is empty or waits for a retry (one run per line at a time). */
  'webhooks.deliver': { endpointId: number };
  /** Webhooks: run every active endpoint's line (a lost wake-up, a worker killed mid-delivery) and prune the log (scheduled). */
  'webhooks.sweep': Record<string, never>;
}

export type JobName = keyof JobPayloads;

export const JOB_QUEUE: { [K in JobName]: QueueName } = {
  'audit.write': QUEUES.audit,
  'personas.import': QUEUES.imports,
  'personas.dedupe-keys': QUEUES.maintenance,
  'maintenance.prune-events': QUEUES.maintenance,
  'maintenance.prune-idempotency-keys': QUEUES.maintenance,
  'seating.mass-assign': QUEUES.seating,
  'waitlist.expire-offer': QUEUES.waitlist,
  'waitlist.sweep-offers': QUEUES.maintenance,
  'program-waitlist.expire-offer': QUEUES.waitlist,
  'program-waitlist.sweep-offers': QUEUES.maintenance,
  'mail.send': QUEUES.mail,
  'mail.sweep': QUEUES.maintenance,
  'internal-events.send-invitations': QUEUES.notify,
  'internal-events.reminders': QUEUES.maintenance,
  'external-events.reminders': QUEUES.maintenance,
  'privacy.retention-sweep': QUEUES.maintenance,
  'privacy.sweep': QUEUES.maintenance,
  'door.empty-sweep': QUEUES.maintenance,
  'webhooks.wake': QUEUES.webhooks,
  'webhooks.deliver': QUEUES.webhooks,
  'webhooks.sweep': QUEUES.maintenance,
};
