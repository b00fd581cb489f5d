import { Injectable, Logger } from '@nestjs/common';
import { asError, GroupCommit } from '@core/database/group-commit';
import { REGISTRATION_BATCH_MAX, REGISTRATION_BATCHES_IN_FLIGHT } from './external-events.constants';
import { OutboxRelay } from '@core/outbox/outbox-relay.service';
import { RegistrationsRepository, type BatchOutcome, type BatchRegistration } from './registrations.repository';

/**
 * Group commit for public registrations (core/database/group-commit.ts), one queue per event (slug). Per event, at most
 * REGISTRATION_BATCHES_IN_FLIGHT batches are in the database at a time; registrations that arrive meanwhile wait and go
 * together in the next one — one statement, one lock of the event row and one commit for all of them. An idle event
 * adds no delay: a registration that finds a free slot goes at once. A second slot lets the API gather and answer a batch
 * while the database decides another (and waits for its commit). Batches are taken in arrival order, and a batch decides
 * its registrations in arrival order. If a batch fails as a whole (it should not: each row was validated), its rows are
 * retried one by one, so only the faulty one fails.
 */
@Injectable()
export class RegistrationBatcher {
  private readonly logger = new Logger(RegistrationBatcher.name);
  private readonly queues = new Map<string, GroupCommit<BatchRegistration, BatchOutcome>>();

  constructor(
    private readonly registrations: RegistrationsRepository,
    private readonly relay: OutboxRelay,
  ) {}

  submit(slug: string, row: BatchRegistration): Promise<BatchOutcome> {
    let queue = this.queues.get(slug);
    if (!queue) {
      const created: GroupCommit<BatchRegistration, BatchOutcome> = new GroupCommit((rows) => this.run(slug, rows), {
        maxBatch: REGISTRATION_BATCH_MAX,
        inFlight: REGISTRATION_BATCHES_IN_FLIGHT,
        // An event's queue lives while it has registrations waiting or in the database.
        onIdle: () => {
          if (this.queues.get(slug) === created) this.queues.delete(slug);
        },
      });
      queue = created;
      this.queues.set(slug, queue);
    }
    return queue.submit(row);
  }

  /** A batch, then the relay's kick when it accepted any (before the requests are answered). */
  private async run(slug: string, rows: BatchRegistration[]): Promise<Array<BatchOutcome | Error>> {
    const outcomes = await this.decide(slug, rows);
    if (outcomes.some((o) => !(o instanceof Error) && o.outcome === 'ok')) this.relay.kick();
    return outcomes;
  }

  /** One statement for the batch; should it fail as a whole, one per row, each row's error as its outcome. */
  private async decide(slug: string, rows: BatchRegistration[]): Promise<Array<BatchOutcome | Error>> {
    try {
      return await this.registrations.registerBatch(slug, rows);
    } catch (err) {
      if (rows.length === 1) return [asError(err)];
      this.logger.warn(`Registration batch of ${rows.length} failed (${(err as Error).message}); retrying one by one.`);
      const outcomes: Array<BatchOutcome | Error> = [];
      for (const row of rows) outcomes.push(...(await this.decide(slug, [row])));
      return outcomes;
    }
  }
}
