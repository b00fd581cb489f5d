import { Injectable, Logger } from '@nestjs/common';
import type { JobHandler } from '@core/jobs/job-handler';
import type { JobPayloads } from '@shared/jobs/jobs';
import { ExternalWaitlistService } from '../external-waitlist.service';

/** waitlist.expire-offer: delayed until the offer's end; passes the held place to the next in line. Idempotent. */
@Injectable()
export class WaitlistOfferExpiryJob implements JobHandler<'waitlist.expire-offer'> {
  readonly job = 'waitlist.expire-offer' as const;

  constructor(private readonly waitlist: ExternalWaitlistService) {}

  handle(payload: JobPayloads['waitlist.expire-offer']): Promise<void> {
    return this.waitlist.expireOffer(payload.entryId, payload.offer);
  }
}

/**
 * waitlist.sweep-offers (scheduled once per cluster): expires any offer whose delayed job did not run, and the joins
 * not confirmed in WAITLIST_CONFIRM_HOURS (they hold nothing, so a minute late is fine: no job of their own).
 */
@Injectable()
export class WaitlistSweepJob implements JobHandler<'waitlist.sweep-offers'> {
  readonly job = 'waitlist.sweep-offers' as const;
  private readonly logger = new Logger(WaitlistSweepJob.name);

  constructor(private readonly waitlist: ExternalWaitlistService) {}

  async handle(): Promise<void> {
    const { offers, unconfirmed } = await this.waitlist.sweep();
    if (offers > 0) this.logger.log(`Expired ${offers} waitlist offers past their time`);
    if (unconfirmed > 0) this.logger.log(`Expired ${unconfirmed} waitlist joins never confirmed`);
  }
}
