import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Worker, type ConnectionOptions } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import { JOB_QUEUE, type JobName } from '@core/jobs/jobs';
import { redisOptionsFromUrl } from '@core/redis/redis-options';
import { buildJobHandlers, type JobHandlers } from './job-handlers';
import { AuditProcessor } from './processors/audit.processor';
import { PersonaImportProcessor } from './processors/persona-import.processor';

/** One BullMQ worker per queue, dispatching each job to the one handler of its name. */
@Injectable()
export class QueueWorkers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(QueueWorkers.name);
  private readonly handlers: JobHandlers;
  private workers: Worker[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    audit: AuditProcessor,
    imports: PersonaImportProcessor,
  ) {
    this.handlers = buildJobHandlers(audit, imports);
  }

  onApplicationBootstrap(): void {
    // Checked at boot: every job name has a handler and belongs to a queue.
    const names = Object.keys(JOB_QUEUE) as JobName[];
    for (const name of names) if (typeof this.handlers[name] !== 'function') throw new Error(`No handler for job ${name}`);
    const queues = new Set(names.map((n) => JOB_QUEUE[n]));
    for (const queue of queues) {
      const worker = new Worker(
        queue,
        async (job) => {
          const handler = this.handlers[job.name as JobName] as ((p: unknown) => Promise<void>) | undefined;
          if (!handler || JOB_QUEUE[job.name as JobName] !== queue) throw new Error(`Unknown job ${job.name} on ${queue}`);
          await handler(job.data);
        },
        {
          prefix: `${this.config.redisPrefix}:bull`,
          connection: redisOptionsFromUrl(this.config.redisUrl, { maxRetriesPerRequest: null }) as ConnectionOptions,
          // Imports are heavy: one at a time per worker process; audit writes are light.
          concurrency: queue === 'imports' ? 1 : 20,
          lockDuration: this.config.jobLockMs,
          stalledInterval: Math.max(1000, Math.floor(this.config.jobLockMs / 2)),
        },
      );
      worker.on('failed', (job, err) => this.logger.warn(`Job ${job?.name} ${job?.id} failed: ${err.message}`));
      worker.on('error', (err) => this.logger.warn(`Worker ${queue}: ${err.message}`));
      this.workers.push(worker);
    }
    this.logger.log(`Workers listening on queues: ${[...queues].join(', ')}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    this.workers = [];
  }
}
