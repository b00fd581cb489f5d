import { Module } from '@nestjs/common';
import { WaitlistRepository } from '../waitlist.repository';
import { WaitlistService } from '../waitlist.service';
import { WaitlistOfferExpiryJob, WaitlistSweepJob } from './waitlist-offer-expiry.job';

/** The external-events area's job handlers, as the workers process registers them. */
@Module({
  providers: [WaitlistRepository, WaitlistService, WaitlistOfferExpiryJob, WaitlistSweepJob],
  exports: [WaitlistOfferExpiryJob, WaitlistSweepJob],
})
export class ExternalEventsJobsModule {
  static readonly handlers = [WaitlistOfferExpiryJob, WaitlistSweepJob];
}
