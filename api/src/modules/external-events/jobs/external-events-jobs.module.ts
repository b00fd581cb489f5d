import { Module } from '@nestjs/common';
import { REMINDERS_EVERY_MS } from '../../mail/reminders';
import { WAITLIST_SWEEP_EVERY_MS } from '@shared/contracts/waitlist.contract';
import { ExternalRemindersRepository } from '../reminders.repository';
import { UnitOfWork } from '@core/outbox/unit-of-work';
import { MailOutbox } from '../../mail/mail-outbox';
import { ExternalEventsRepository } from '../external-events.repository';
import { ExternalWaitlistService } from '../external-waitlist.service';
import { RegistrationsRepository } from '../registrations.repository';
import { RegistrationRemindersJob } from './registration-reminders.job';
import { WaitlistOfferExpiryJob, WaitlistSweepJob } from './waitlist-offer-expiry.job';

/** The external events' job handlers, as the workers process registers them, and their schedules. */
@Module({
  providers: [
    UnitOfWork,
    MailOutbox,
    ExternalEventsRepository,
    RegistrationsRepository,
    ExternalWaitlistService,
    WaitlistOfferExpiryJob,
    WaitlistSweepJob,
    ExternalRemindersRepository,
    RegistrationRemindersJob,
  ],
  exports: [WaitlistOfferExpiryJob, WaitlistSweepJob, RegistrationRemindersJob],
})
export class ExternalEventsJobsModule {
  static readonly handlers = [WaitlistOfferExpiryJob, WaitlistSweepJob, RegistrationRemindersJob];
  static readonly schedules = [
    { id: 'waitlist-sweep-offers', every: WAITLIST_SWEEP_EVERY_MS, name: 'waitlist.sweep-offers' as const },
    { id: 'external-events-reminders', every: REMINDERS_EVERY_MS, name: 'external-events.reminders' as const },
  ];
}
