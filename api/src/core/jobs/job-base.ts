import { Inject, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { OutboxRepository } from '@core/outbox/outbox.repository';
import { SocketEmitter } from '@core/realtime/socket-emitter';
import type { PushPayload, ServerEventName } from '@shared/events/socket-events';
import type { JobName, JobPayloads } from '@shared/jobs/jobs';
import type { JobHandler } from './job-handler';

/** What every job handler has: the job name it handles (given to the constructor) and a logger named after its class. */
export abstract class JobBase<K extends JobName> implements JobHandler<K> {
  protected readonly logger = new Logger(this.constructor.name);

  constructor(readonly job: K) {}

  abstract handle(payload: JobPayloads[K]): Promise<void>;
}

/**
 * A long job that reports how far it got (an import, a mass assignment, an invitation send): its batches are
 * transactions with their domain events, and its progress goes straight to the screens' rooms.
 */
export abstract class ProgressJob<K extends JobName> extends JobBase<K> {
  @InjectDataSource() protected readonly ds!: DataSource;
  @Inject(OutboxRepository) protected readonly outbox!: OutboxRepository;
  @Inject(SocketEmitter) private readonly sockets!: SocketEmitter;

  /**
   * A progress message to the rooms: `key` names the run, its status and how far it got (`<kind>:<id>:<status>:<n>`),
   * so a screen drops a message it already applied.
   */
  protected pushProgress<E extends ServerEventName>(rooms: readonly string[], event: E, key: string, data: PushPayload<E>['data']): void {
    const msg = { event_id: key, occurred_at: new Date().toISOString(), data } as PushPayload<E>;
    for (const room of rooms) this.sockets.toRoom(room, event, msg);
  }
}

/** Deletes in batches of `batch` (short locks) until a batch comes back short; the total deleted. */
export async function pruneInBatches(batch: number, prune: (batch: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await prune(batch);
    total += n;
    if (n < batch) return total;
  }
}
