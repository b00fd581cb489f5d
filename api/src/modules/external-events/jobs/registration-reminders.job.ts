import { Injectable, Logger } from '@nestjs/common';
import { REMINDER_LEAD_MS } from '../../mail/reminders';
import type { JobHandler } from '@core/jobs/job-handler';
import { ExternalRemindersRepository } from '../reminders.repository';

/**
 * external-events.reminders (scheduled): the day-before reminder of every registration holding a place in a
 * published event starting within 24 h — one statement; the key `recordatorio:evento-externo:<id>` makes each once.
 */
@Injectable()
export class RegistrationRemindersJob implements JobHandler<'external-events.reminders'> {
  readonly job = 'external-events.reminders' as const;
  private readonly logger = new Logger(RegistrationRemindersJob.name);

  constructor(private readonly repo: ExternalRemindersRepository) {}

  async handle(): Promise<void> {
    const n = await this.repo.queueReminders(REMINDER_LEAD_MS);
    if (n > 0) this.logger.log(`External events: ${n} reminder(s) queued`);
  }
}
