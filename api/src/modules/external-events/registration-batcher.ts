import { Injectable, Logger } from '@nestjs/common';
import { REGISTRATION_BATCH_MAX, REGISTRATION_BATCHES_IN_FLIGHT } from './external-events.constants';
import { OutboxRelay } from '@core/outbox/outbox-relay.service';
import { RegistrationsRepository, type BatchOutcome, type BatchRegistration } from './registrations.repository';

interface Pending {
  row: BatchRegistration;
  resolve: (outcome: BatchOutcome) => void;
  reject: (err: unknown) => void;
}

interface EventQueue {
  waiting: Pending[];
  inFlight: number;
}

/**
 * Group commit for public registrations. Per event (slug), at most REGISTRATION_BATCHES_IN_FLIGHT
 * batches are in the database at a time; registrations that arrive meanwhile wait and go together in
 * the next one — one statement, one lock of the event row and one commit for all of them. An idle
 * event adds no delay: a registration that finds a free slot goes at once. Several slots let the API
 * gather and answer batches while the database decides another (and waits for its commit). Batches are taken in arrival
 * order, and a batch decides its registrations in arrival order. If a batch fails as a whole (it
 * should not: each row was validated), its rows are retried one by one, so only the faulty one fails.
 */
@Injectable()
export class RegistrationBatcher {
  private readonly logger = new Logger(RegistrationBatcher.name);
  private readonly queues = new Map<string, EventQueue>();

  constructor(
    private readonly registrations: RegistrationsRepository,
    private readonly relay: OutboxRelay,
  ) {}

  submit(slug: string, row: BatchRegistration): Promise<BatchOutcome> {
    return new Promise((resolve, reject) => {
      let queue = this.queues.get(slug);
      if (!queue) {
        queue = { waiting: [], inFlight: 0 };
        this.queues.set(slug, queue);
      }
      queue.waiting.push({ row, resolve, reject });
      if (queue.inFlight < REGISTRATION_BATCHES_IN_FLIGHT) void this.drain(slug, queue);
    });
  }

  private async drain(slug: string, queue: EventQueue): Promise<void> {
    queue.inFlight += 1;
    try {
      while (queue.waiting.length > 0) {
        const batch = queue.waiting.splice(0, REGISTRATION_BATCH_MAX);
        await this.run(slug, batch);
      }
    } finally {
      queue.inFlight -= 1;
      if (queue.inFlight === 0 && queue.waiting.length === 0) this.queues.delete(slug);
    }
  }

  private async run(slug: string, batch: Pending[]): Promise<void> {
    let outcomes: BatchOutcome[];
    try {
      outcomes = await this.registrations.registerBatch(
        slug,
        batch.map((p) => p.row),
      );
    } catch (err) {
      if (batch.length === 1) {
        batch[0].reject(err);
        return;
      }
      this.logger.warn(`Registration batch of ${batch.length} failed (${(err as Error).message}); retrying one by one.`);
      for (const pending of batch) await this.run(slug, [pending]);
      return;
    }
    if (outcomes.some((o) => o.outcome === 'ok')) this.relay.kick();
    batch.forEach((pending, i) => pending.resolve(outcomes[i]));
  }
}
