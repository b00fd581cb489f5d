import { Injectable } from '@nestjs/common';
import { REMINDER_LEAD_MS } from '../../mail/reminders';
import { JobBase } from '@core/jobs/job-base';
import { InvitationsRepository } from '../invitations.repository';

/**
 * internal-events.reminders (scheduled): the day-before reminder of every confirmed invitee of a confirmed event
 * starting within 24 h — one statement; the key `recordatorio:evento-interno:<event>:<persona>` makes each once.
 */
@Injectable()
export class InternalEventRemindersJob extends JobBase<'internal-events.reminders'> {
  constructor(private readonly repo: InvitationsRepository) {
    super('internal-events.reminders');
  }

  async handle(): Promise<void> {
    const n = await this.repo.queueReminders(REMINDER_LEAD_MS);
    if (n > 0) this.logger.log(`Internal events: ${n} reminder(s) queued`);
  }
}
