import { Injectable } from '@nestjs/common';
import { waitlistJobs } from '@core/waitlist/waitlist.jobs';
import { ExternalWaitlistService } from '../external-waitlist.service';

/** The waitlist's jobs (core/waitlist/waitlist.jobs.ts): the delayed offer expiry and the scheduled sweep, on this area's engine. */
const jobs = waitlistJobs({ expire: 'waitlist.expire-offer', sweep: 'waitlist.sweep-offers' }, 'waitlist', ExternalWaitlistService);

@Injectable()
export class WaitlistOfferExpiryJob extends jobs.OfferExpiryJob {}

@Injectable()
export class WaitlistSweepJob extends jobs.SweepJob {}
