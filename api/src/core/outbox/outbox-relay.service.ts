import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Client } from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { OUTBOX_BATCH_SIZE, OUTBOX_CHANNEL, OUTBOX_MIN_CYCLE_MS, OUTBOX_SCAN_INTERVAL_MS } from '../constants';
import { JobPublisher } from '../jobs/job-publisher';
import { JobRoutes } from '../jobs/job-routes';
import { relaysOutbox } from '../process/roles';
import { addCounts, type SocketEffects } from '../realtime/push-routes';
import { RealtimePublisher } from '../realtime/realtime-publisher';
import { OutboxRepository } from './outbox.repository';

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

  private async publishBatch(): Promise<boolean> {
    let effects: SocketEffects[] = [];
    const full = await this.ds.transaction(async (manager) => {
      const events = await this.outbox.takeUnpublished(manager, OUTBOX_BATCH_SIZE);
      if (events.length === 0) return false;
      await this.jobs.addBulk(this.jobRoutes.jobsForBatch(events));
      effects = this.realtime.publishBatch(events);
      return events.length === OUTBOX_BATCH_SIZE;
    });
    const counts: { [kind: string]: number[] } = {};
    for (const effect of effects) {
      await this.realtime.applyEffects(effect);
      addCounts(counts, effect.counts);
    }
    await this.realtime.pushCounts(counts).catch((err: Error) => this.logger.warn(`Counts push failed: ${err.message}`));
    return full;
  }
}
