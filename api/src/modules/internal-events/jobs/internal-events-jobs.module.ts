import { Module } from '@nestjs/common';
import { REMINDERS_EVERY_MS } from '../../mail/reminders';
import { MailOutbox } from '../../mail/mail-outbox';
import { InvitationsRepository } from '../invitations.repository';
import { InternalEventRemindersJob } from './internal-event-reminders.job';
import { SendInvitationsJob } from './send-invitations.job';

/** The internal events' job handlers, as the workers process registers them, and the reminders' schedule. */
@Module({
  providers: [InvitationsRepository, MailOutbox, SendInvitationsJob, InternalEventRemindersJob],
  exports: [SendInvitationsJob, InternalEventRemindersJob],
})
export class InternalEventsJobsModule {
  static readonly handlers = [SendInvitationsJob, InternalEventRemindersJob];
  static readonly schedules = [{ id: 'internal-events-reminders', every: REMINDERS_EVERY_MS, name: 'internal-events.reminders' as const }];
}
