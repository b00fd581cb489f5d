import { Injectable } from '@nestjs/common';
import { waitlistJobs } from '@core/waitlist/waitlist.jobs';
import { ProgramWaitlistService } from '../program-waitlist.service';

/** The waitlist's jobs (core/waitlist/waitlist.jobs.ts): the delayed offer expiry and the scheduled sweep, on this area's engine. */
const jobs = waitlistJobs(
  { expire: 'program-waitlist.expire-offer', sweep: 'program-waitlist.sweep-offers' },
  'program waitlist',
  ProgramWaitlistService,
);

@Injectable()
export class ProgramWaitlistOfferExpiryJob extends jobs.OfferExpiryJob {}

@Injectable()
export class ProgramWaitlistSweepJob extends jobs.SweepJob {}
