import { Injectable } from '@nestjs/common';
import { REMINDER_LEAD_MS } from '../../mail/reminders';
import { JobBase } from '@core/jobs/job-base';
import { ExternalRemindersRepository } from '../reminders.repository';

/**
 * external-events.reminders (scheduled): the day-before reminder of every registration holding a place in a
 * published event starting within 24 h — one statement; the key `recordatorio:evento-externo:<id>` makes each once.
 */
@Injectable()
export class RegistrationRemindersJob extends JobBase<'external-events.reminders'> {
  constructor(private readonly repo: ExternalRemindersRepository) {
    super('external-events.reminders');
  }

  async handle(): Promise<void> {
    const n = await this.repo.queueReminders(REMINDER_LEAD_MS);
    if (n > 0) this.logger.log(`External events: ${n} reminder(s) queued`);
  }
}
