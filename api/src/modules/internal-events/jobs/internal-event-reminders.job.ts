import { Injectable, Logger } from '@nestjs/common';
import { REMINDER_LEAD_MS } from '../../mail/reminders';
import type { JobHandler } from '@core/jobs/job-handler';
import { InvitationsRepository } from '../invitations.repository';

/**
 * internal-events.reminders (scheduled): the day-before reminder of every confirmed invitee of a confirmed event
 * starting within 24 h — one statement; the key `recordatorio:evento-interno:<event>:<persona>` makes each once.
 */
@Injectable()
export class InternalEventRemindersJob implements JobHandler<'internal-events.reminders'> {
  readonly job = 'internal-events.reminders' as const;
  private readonly logger = new Logger(InternalEventRemindersJob.name);

  constructor(private readonly repo: InvitationsRepository) {}

  async handle(): Promise<void> {
    const n = await this.repo.queueReminders(REMINDER_LEAD_MS);
    if (n > 0) this.logger.log(`Internal events: ${n} reminder(s) queued`);
  }
}
