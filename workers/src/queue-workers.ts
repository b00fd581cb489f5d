import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { EventEmitter } from 'node:events';
import { Queue, UnrecoverableError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import { JOB_HANDLERS, JOB_SCHEDULES, perMinuteLimiter, type JobHandler, type JobSchedule } from '@core/jobs/job-handler';
import { JOB_QUEUE, QUEUE_CONCURRENCY, QUEUE_PER_MINUTE_SETTING, QUEUES, type JobName } from '@shared/jobs/jobs';
import { redisOptionsFromUrl } from '@core/redis/redis-options';
import { closeQueue } from '@core/jobs/close-queue';

/** The settings that pace a queue (QUEUE_PER_MINUTE_SETTING: MAIL_PER_MINUTE, read by mail's settings). */
type QueuePaceSettings = { [S in NonNullable<(typeof QUEUE_PER_MINUTE_SETTING)[keyof typeof QUEUE_PER_MINUTE_SETTING]>]: number };

/**
 * One BullMQ worker per queue, dispatching each job to the one handler of its name; and the scheduled jobs the
 * jobs modules declare (a BullMQ job scheduler each: one schedule in Redis however many workers processes run).
 */
@Injectable()
export class QueueWorkers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(QueueWorkers.name);
  private readonly handlers = new Map<JobName, JobHandler>();
  private workers: Worker[] = [];
  private schedulers: Queue | null = null;
  private upserting = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig & QueuePaceSettings,
    @Inject(JOB_HANDLERS) handlers: JobHandler[],
    @Inject(JOB_SCHEDULES) private readonly scheduled: readonly JobSchedule[],
  ) {
    for (const handler of handlers) {
      if (this.handlers.has(handler.job)) throw new Error(`Two handlers for job ${handler.job}`);
      if (!(handler.job in JOB_QUEUE)) throw new Error(`Handler for unknown job ${handler.job}`);
      this.handlers.set(handler.job, handler);
    }
  }

  onApplicationBootstrap(): void {
    // Checked at boot: every job name has exactly one handler (above) and belongs to a queue.
    const names = Object.keys(JOB_QUEUE) as JobName[];
    for (const name of names) if (!this.handlers.has(name)) throw new Error(`No handler for job ${name}`);
    const queues = new Set(names.map((n) => JOB_QUEUE[n]));
    for (const queue of queues) {
      const setting = QUEUE_PER_MINUTE_SETTING[queue];
      const limiter = setting ? perMinuteLimiter(this.config[setting]) : undefined;
      const worker = new Worker(
        queue,
        async (job) => {
          const handler = this.handlers.get(job.name as JobName) as JobHandler<JobName> | undefined;
          if (!handler || JOB_QUEUE[job.name as JobName] !== queue) throw new Error(`Unknown job ${job.name} on ${queue}`);
          await handler.handle(job.data as never);
        },
        {
          prefix: `${this.config.redisPrefix}:bull`,
          connection: redisOptionsFromUrl(this.config.redisUrl, { maxRetriesPerRequest: null }) as ConnectionOptions,
          concurrency: QUEUE_CONCURRENCY[queue],
          ...(limiter ? { limiter } : {}),
          lockDuration: this.config.jobLockMs,
          stalledInterval: Math.max(1000, Math.floor(this.config.jobLockMs / 2)),
        },
      );
      worker.on('failed', (job, err) => void this.onFailed(job, err));
      worker.on('error', (err) => this.logger.warn(`Worker ${queue}: ${err.message}`));
      this.workers.push(worker);
    }
    this.logger.log(`Workers listening on queues: ${[...queues].join(', ')}`);
    this.schedule();
  }

  /**
   * A failed attempt; after the last one, the job's gave-up handler runs (an import ends as failed). A failure BullMQ
   * never retries is the last one whatever attempts are left: a job stalled more times than the workers allow (its
   * process died or lost the lock twice) fails with an UnrecoverableError, and without this its import or assignment
   * stayed 'processing' for good.
   */
  async onFailed(job: Pick<Job, 'name' | 'id' | 'data' | 'attemptsMade' | 'opts'> | undefined, err: Error): Promise<void> {
    this.logger.warn(`Job ${job?.name} ${job?.id} failed: ${err.message}`);
    if (!job || (!(err instanceof UnrecoverableError) && job.attemptsMade < (job.opts.attempts ?? 1))) return;
    const handler = this.handlers.get(job.name as JobName) as JobHandler<JobName> | undefined;
    try {
      await handler?.gaveUp?.(job.data as never);
    } catch (gaveUpErr) {
      this.logger.warn(`Job ${job.name} ${job.id}, after its last attempt: ${(gaveUpErr as Error).message}`);
    }
  }

  /**
   * Creates or updates the schedules (not awaited: with Redis down it completes once Redis is back), and again
   * after every lost connection: the schedules live in Redis, and a Redis that comes back empty (no persistence,
   * or replaced) would otherwise never run them again. Upserting is idempotent.
   */
  private schedule(): void {
    for (const s of this.scheduled) {
      if (JOB_QUEUE[s.name] !== QUEUES.maintenance) throw new Error(`Scheduled job ${s.name} must be on the maintenance queue`);
    }
    const queue = new Queue(QUEUES.maintenance, {
      prefix: `${this.config.redisPrefix}:bull`,
      connection: redisOptionsFromUrl(this.config.redisUrl, { maxRetriesPerRequest: null }) as ConnectionOptions,
    });
    queue.on('error', (err) => this.logger.warn(`Schedules: ${err.message}`));
    (queue as unknown as EventEmitter).on('ioredis:close', () => void this.upsertSchedules(queue));
    this.schedulers = queue;
    void this.upsertSchedules(queue);
  }

  /** The commands wait in the connection's offline queue while Redis is down; one round at a time. */
  private async upsertSchedules(queue: Queue): Promise<void> {
    if (this.upserting || this.schedulers !== queue) return;
    this.upserting = true;
    try {
      await Promise.all(
        this.scheduled.map((s) =>
          queue
            .upsertJobScheduler(s.id, { every: s.every }, { name: s.name, data: {}, opts: { removeOnComplete: true, removeOnFail: 50 } })
            .catch((err: Error) => this.logger.warn(`Schedule ${s.id}: ${err.message}`)),
        ),
      );
    } finally {
      this.upserting = false;
    }
  }

  /** The scheduled jobs (id and interval) as stored in Redis. */
  async schedules(): Promise<Array<{ id: string; every: number | null }>> {
    const found = (await this.schedulers?.getJobSchedulers()) ?? [];
    return found.map((s) => ({ id: s.key, every: s.every ? Number(s.every) : null }));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    this.workers = [];
    if (this.schedulers) await closeQueue(this.schedulers);
    this.schedulers = null;
  }
}
