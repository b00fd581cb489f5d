import { Injectable, Logger } from '@nestjs/common';
import type { JobHandler } from '@core/jobs/job-handler';
import type { JobPayloads } from '@shared/jobs/jobs';
import { ProgramWaitlistService } from '../program-waitlist.service';

/** program-waitlist.expire-offer: delayed until the offer's end; passes the held place to the next in line. Idempotent. */
@Injectable()
export class ProgramWaitlistOfferExpiryJob implements JobHandler<'program-waitlist.expire-offer'> {
  readonly job = 'program-waitlist.expire-offer' as const;

  constructor(private readonly waitlist: ProgramWaitlistService) {}

  handle(payload: JobPayloads['program-waitlist.expire-offer']): Promise<void> {
    return this.waitlist.expireOffer(payload.entryId, payload.offer);
  }
}

/**
 * program-waitlist.sweep-offers (scheduled once per cluster): expires any program offer whose delayed job did not run,
 * and the joins not confirmed in WAITLIST_CONFIRM_HOURS (they hold nothing, so a minute late is fine: no job of their own).
 */
@Injectable()
export class ProgramWaitlistSweepJob implements JobHandler<'program-waitlist.sweep-offers'> {
  readonly job = 'program-waitlist.sweep-offers' as const;
  private readonly logger = new Logger(ProgramWaitlistSweepJob.name);

  constructor(private readonly waitlist: ProgramWaitlistService) {}

  async handle(): Promise<void> {
    const { offers, unconfirmed } = await this.waitlist.sweep();
    if (offers > 0) this.logger.log(`Expired ${offers} program waitlist offers past their time`);
    if (unconfirmed > 0) this.logger.log(`Expired ${unconfirmed} program waitlist joins never confirmed`);
  }
}
