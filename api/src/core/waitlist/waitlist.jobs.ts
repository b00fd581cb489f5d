import { Inject, type Type } from '@nestjs/common';
import type { JobName, JobPayloads } from '@shared/jobs/jobs';
import type { DomainEventMap, DomainEventType } from '@shared/events/domain-events';
import type { WaitlistLine } from '@shared/contracts/waitlist.contract';
import { JobBase } from '@core/jobs/job-base';
import type { JobRoutes } from '@core/jobs/job-routes';
import type { WaitlistEngine } from './waitlist-engine';

type Engine = Pick<WaitlistEngine<never, object, { id: number; status: string }>, 'expireOffer' | 'sweep'>;
/** A job whose payload names a waitlist entry and its offer: an area's offer expiry. */
type ExpiryJob = { [K in JobName]: JobPayloads[K] extends { entryId: number; offer: number } ? K : never }[JobName];
/** A domain event that carries a waitlist entry as the API answers it: an area's offer. */
type OfferEvent = {
  [K in DomainEventType]: DomainEventMap[K] extends { entry: WaitlistLine & { id: number } } ? K : never;
}[DomainEventType];

/**
 * An offer's expiry: the area's `expire` job, delayed until the offer's end and started by the offer's own domain
 * event (through the outbox, so it exists once the offer commits); the area's sweep catches any that did not run.
 * One job per entry and offer number (`<jobPrefix>-<entry>-<offer>`): a re-queued event starts none twice.
 */
export function routeOfferExpiry(jobs: JobRoutes, offered: OfferEvent, expire: ExpiryJob, jobPrefix: string): void {
  jobs.register(offered, (e) => {
    const { id, offer_count, offered_until } = (e.payload as { entry: WaitlistLine & { id: number } }).entry;
    return [
      {
        name: expire,
        data: { entryId: id, offer: offer_count },
        jobId: `${jobPrefix}-${id}-${offer_count}`,
        delay: Math.max(0, new Date(offered_until!).getTime() - Date.now()),
      },
    ];
  });
}

/**
 * The two jobs of one area's waitlist, on its engine: `expire` (delayed until the offer's end; passes the held place to
 * the next in line; idempotent) and `sweep` (scheduled once per cluster: expires any offer whose delayed job did not
 * run, and the joins not confirmed in WAITLIST_CONFIRM_HOURS — they hold nothing, so a minute late is fine). `what`
 * names the line in the sweep's log ("waitlist", "program waitlist"); `engine` is the area's waitlist service, injected.
 * The area names the two classes (`@Injectable() export class … extends jobs.OfferExpiryJob {}`).
 */
export function waitlistJobs<X extends ExpiryJob, S extends JobName>(names: { expire: X; sweep: S }, what: string, engine: Type<Engine>) {
  abstract class OfferExpiryJob extends JobBase<X> {
    constructor(@Inject(engine) protected readonly waitlist: Engine) {
      super(names.expire);
    }

    handle(payload: { entryId: number; offer: number }): Promise<void> {
      return this.waitlist.expireOffer(payload.entryId, payload.offer);
    }
  }

  abstract class SweepJob extends JobBase<S> {
    constructor(@Inject(engine) protected readonly waitlist: Engine) {
      super(names.sweep);
    }

    async handle(): Promise<void> {
      const { offers, unconfirmed } = await this.waitlist.sweep();
      if (offers > 0) this.logger.log(`Expired ${offers} ${what} offers past their time`);
      if (unconfirmed > 0) this.logger.log(`Expired ${unconfirmed} ${what} joins never confirmed`);
    }
  }

  return { OfferExpiryJob, SweepJob };
}
