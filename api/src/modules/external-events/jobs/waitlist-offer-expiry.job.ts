import { Injectable } from '@nestjs/common';
import { waitlistJobs } from '@core/waitlist/waitlist.jobs';
import { ExternalWaitlistService } from '../external-waitlist.service';

/** The waitlist's jobs (core/waitlist/waitlist.jobs.ts): the delayed offer expiry and the scheduled sweep, on this area's engine. */
const jobs = waitlistJobs({ expire: 'waitlist.expire-offer', sweep: 'waitlist.sweep-offers' }, 'waitlist');

@Injectable()
export class WaitlistOfferExpiryJob extends jobs.OfferExpiryJob {
  constructor(protected readonly waitlist: ExternalWaitlistService) {
    super();
  }
}

@Injectable()
export class WaitlistSweepJob extends jobs.SweepJob {
  constructor(protected readonly waitlist: ExternalWaitlistService) {
    super();
  }
}
