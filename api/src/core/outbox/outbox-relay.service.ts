import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Client, type PoolClient } from 'pg';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import type { StoredDomainEvent } from '@shared/events/domain-events';
import { setTimeout as sleep } from 'node:timers/promises';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { OUTBOX_BATCH_SIZE, OUTBOX_CHANNEL, OUTBOX_MIN_CYCLE_MS, OUTBOX_SCAN_INTERVAL_MS } from '../constants';
import { JobPublisher } from '../jobs/job-publisher';
import { JobRoutes } from '../jobs/job-routes';
import { relaysOutbox } from '../process/roles';
import { addCounts, type SocketEffects } from '../realtime/push-routes';
import { RealtimePublisher } from '../realtime/realtime-publisher';
import { OutboxRepository } from './outbox.repository';

/** At most this many pushed-but-uncommitted event ids are remembered (an outage longer than that may repeat pushes: the web drops them by `event_id`). */
const PUSHED_UNCOMMITTED_MAX = 10_000;

/**
 * Publishes committed domain events: an audit job per event (job id = event id) and the socket
 * pushes, then stamps them published. Kicked right after each commit of this process, and by the
 * NOTIFY of any commit that wrote events (the workers' jobs, other API processes); a timer retries
 * whatever is left (Redis down, the listening connection lost, a process crashed mid-way), so nothing
 * is lost.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private failing = false;
  private lastBatchAt = 0;
  private listener: Client | null = null;
  /**
   * Events this process pushed whose claim has not committed yet (Redis refused their jobs, or the commit failed):
   * taken again by the next cycle, they are not pushed again from here.
   */
  private readonly pushedUncommitted = new Set<string>();
  private readonly driver: PostgresDriver;

  /** Whether this process relays (process/roles.ts: the realtime role; several may, SKIP LOCKED gives each row to one). */
  private readonly enabled: boolean;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly jobs: JobPublisher,
    private readonly realtime: RealtimePublisher,
    private readonly jobRoutes: JobRoutes,
  ) {
    this.enabled = relaysOutbox(config);
    this.driver = ds.driver as PostgresDriver;
    this.stopped = !this.enabled;
  }

  onApplicationBootstrap(): void {
    if (!this.enabled) return; // an api-only process: the INSERT's NOTIFY wakes the realtime processes' relays
    this.timer = setInterval(() => this.kick(), OUTBOX_SCAN_INTERVAL_MS);
    this.timer.unref();
    void this.listen();
    this.kick();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.listener?.end().catch(() => undefined);
    await this.running;
  }

  /** LISTEN on its own connection; when it drops, the timer's scan covers until it is back (retried each scan interval). */
  private async listen(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: (this.ds.options as { url: string }).url, application_name: 'aforo-relay' });
    this.listener = client;
    let retried = false;
    const retry = () => {
      if (retried || this.stopped) return;
      retried = true;
      if (this.listener === client) this.listener = null;
      void client.end().catch(() => undefined);
      setTimeout(() => void this.listen(), OUTBOX_SCAN_INTERVAL_MS).unref();
    };
    client.on('notification', () => this.kick());
    client.on('error', retry);
    client.on('end', retry);
    try {
      await client.connect();
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
      this.kick(); // anything committed while not listening
    } catch (err) {
      if (!this.stopped) this.logger.warn(`Outbox relay not listening: ${(err as Error).message}`);
      retry();
    }
  }

  /** Asks for a drain; coalesces with one already running. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Resolves once everything committed so far has been published (or publishing failed). */
  async flush(): Promise<void> {
    this.kick();
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    try {
      do {
        this.again = false;
        // Under a stream of changes, publish at most every OUTBOX_MIN_CYCLE_MS: each push then carries
        // more (one combined push per room instead of many), at no cost to a lone change.
        const wait = this.lastBatchAt + OUTBOX_MIN_CYCLE_MS - Date.now();
        if (wait > 0) await sleep(wait);
        this.lastBatchAt = Date.now();
        while (!this.stopped && (await this.publishBatch())) {
          /* full batch: there may be more */
          this.lastBatchAt = Date.now();
        }
      } while (this.again && !this.stopped);
      if (this.failing) this.logger.log('Outbox relay recovered: pending events published.');
      this.failing = false;
    } catch (err) {
      // Redis (or the database) unreachable: the events stay unpublished and the timer retries.
      if (!this.failing) this.logger.warn(`Outbox relay paused: ${(err as Error).message}`);
      this.failing = true;
    }
  }

  /**
   * One cycle: `BEGIN` and the claim in one round trip, the pushes at once, then the jobs and the `COMMIT`. The
   * pushes go before the jobs are queued (unless Redis is known to be down): a push that waited for Redis and the
   * commit waited two more round trips on the API's event loop, which a burst keeps busy. Should the jobs or the
   * commit fail all the same, the events stay unpublished and are taken again; this process does not push them twice
   * (`pushedUncommitted`), and the web drops a repeat from another process by `event_id`
   * (docs/decisions/plataforma.md, «Los pushes salen al tomar el lote»).
   */
  private async publishBatch(): Promise<boolean> {
    const [client, release] = (await this.driver.obtainMasterConnection()) as [PoolClient, (err?: unknown) => void];
    let events: StoredDomainEvent[];
    let effects: SocketEffects[] = [];
    try {
      events = await this.outbox.beginAndTake(client, OUTBOX_BATCH_SIZE);
      if (events.length === 0) {
        // Nothing to publish: the empty transaction ends on its own; the cycle does not wait for it.
        void client.query('COMMIT').then(
          () => release(),
          (err: unknown) => release(err),
        );
        return false;
      }
      // With Redis known to be down the jobs will fail: then the pushes wait for them, as a claim rolled back must
      // not have been pushed (another relay may take it and push it to the same screens).
      const early = this.jobs.reachable;
      const publish = () => this.realtime.publishBatch(events, this.pushedUncommitted);
      if (early) {
        effects = publish();
        for (const e of events) this.pushedUncommitted.add(e.id);
      }
      await this.jobs.addBulk(this.jobRoutes.jobsForBatch(events));
      if (!early) effects = publish();
      await client.query('COMMIT');
      for (const e of events) this.pushedUncommitted.delete(e.id);
      release();
    } catch (err) {
      await client.query('ROLLBACK').then(
        () => release(),
        (rollbackErr: unknown) => release(rollbackErr),
      );
      this.forgetOldestPushed();
      throw err;
    }
    const counts: { [kind: string]: number[] } = {};
    for (const effect of effects) {
      await this.realtime.applyEffects(effect);
      addCounts(counts, effect.counts);
    }
    await this.realtime.pushCounts(counts).catch((err: Error) => this.logger.warn(`Counts push failed: ${err.message}`));
    return events.length === OUTBOX_BATCH_SIZE;
  }

  /** Keeps the memory of pushed-but-uncommitted events bounded through a long outage (insertion order: oldest first). */
  private forgetOldestPushed(): void {
    for (const id of this.pushedUncommitted) {
      if (this.pushedUncommitted.size <= PUSHED_UNCOMMITTED_MAX) return;
      this.pushedUncommitted.delete(id);
    }
  }
}
