import { Inject, type Type } from '@nestjs/common';
import type { JobName } from '@shared/jobs/jobs';
import { JobBase } from '@core/jobs/job-base';

/**
 * Reminders, server side: each area that reminds (external and internal events) queues them from
 * its own scheduled job and SQL; these are the numbers and the idempotency key's last part they share.
 */
/** The day before: a reminder goes once the event starts within this time… */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
/** …checked this often by a scheduled job of each area (one schedule per cluster). */
export const REMINDERS_EVERY_MS = 15 * 60 * 1000;

/**
 * The start a reminder was for, as the last part of its idempotency key (SQL over the event's start column, UTC,
 * to the minute: `20261213T0100Z`). Once per person AND start: an event moved after its reminder went out gets a
 * new one with the new date and time; one that keeps its start never gets two.
 */
export const reminderStartKeySql = (startColumn: string) => `to_char(${startColumn} AT TIME ZONE 'UTC', 'YYYYMMDD"T"HH24MI"Z"')`;

/** What queues an area's reminders: one statement over its events starting within `leadMs`; answers how many it queued. */
export interface ReminderQueue {
  queueReminders(leadMs: number): Promise<number>;
}

/**
 * An area's scheduled reminders job (`name`, every REMINDERS_EVERY_MS): the day-before reminders, queued by the area's
 * repository (`queue`, injected) in one statement whose keys make each reminder once. `what` names the area in the log.
 * The area names the class (`@Injectable() export class … extends remindersJob(…) {}`).
 */
export function remindersJob<K extends JobName>(name: K, what: string, queue: Type<ReminderQueue>) {
  abstract class RemindersJob extends JobBase<K> {
    constructor(@Inject(queue) private readonly reminders: ReminderQueue) {
      super(name);
    }

    async handle(): Promise<void> {
      const n = await this.reminders.queueReminders(REMINDER_LEAD_MS);
      if (n > 0) this.logger.log(`${what}: ${n} reminder(s) queued`);
    }
  }
  return RemindersJob;
}
