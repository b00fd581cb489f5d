import { Module } from '@nestjs/common';
import { UnitOfWork } from '@core/outbox/unit-of-work';
import { MailOutbox } from '../../mail/mail-outbox';
import { WAITLIST_SWEEP_EVERY_MS } from '@shared/contracts/waitlist.contract';
import { ProgramWaitlistService } from '../program-waitlist.service';
import { ProgramsRepository } from '../programs.repository';
import { ProgramWaitlistOfferExpiryJob, ProgramWaitlistSweepJob } from './program-waitlist-offer-expiry.job';

/** The programs' job handlers (their waitlist's offers), as the workers process registers them, and the sweep's schedule. */
@Module({
  providers: [UnitOfWork, MailOutbox, ProgramsRepository, ProgramWaitlistService, ProgramWaitlistOfferExpiryJob, ProgramWaitlistSweepJob],
  exports: [ProgramWaitlistOfferExpiryJob, ProgramWaitlistSweepJob],
})
export class ProgramsJobsModule {
  static readonly handlers = [ProgramWaitlistOfferExpiryJob, ProgramWaitlistSweepJob];
  static readonly schedules = [
    { id: 'program-waitlist-sweep-offers', every: WAITLIST_SWEEP_EVERY_MS, name: 'program-waitlist.sweep-offers' as const },
  ];
}
