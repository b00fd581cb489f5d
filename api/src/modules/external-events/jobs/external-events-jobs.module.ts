import { Module } from '@nestjs/common';
import { REMINDERS_EVERY_MS } from '@core/constants';
import { ExternalRemindersRepository } from '../reminders.repository';
import { RegistrationRemindersJob } from './registration-reminders.job';

/** The external events' job handlers, as the workers process registers them, and the reminders' schedule. */
@Module({ providers: [ExternalRemindersRepository, RegistrationRemindersJob], exports: [RegistrationRemindersJob] })
export class ExternalEventsJobsModule {
  static readonly handlers = [RegistrationRemindersJob];
  static readonly schedules = [{ id: 'external-events-reminders', every: REMINDERS_EVERY_MS, name: 'external-events.reminders' as const }];
}
