import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Queue, type ConnectionOptions } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { redisOptionsFromUrl } from '../redis/redis-options';
import { JOB_QUEUE, QUEUES, type JobName, type JobPayloads } from '@shared/jobs/jobs';
import { closeQueue } from './close-queue';

/** A queue add that has not answered by then is treated as Redis being unreachable. */
const ADD_TIMEOUT_MS = 3000;

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  promise.catch(() => undefined);
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface JobRequest<K extends JobName = JobName> {
  name: K;
  data: JobPayloads[K];
  /** Deduplicates: the domain event id for jobs born from an event. */
  jobId: string;
  /** Run no sooner than this many milliseconds from now (a delayed job, e.g. an offer's expiry). */
  delay?: number;
}

/** Adds typed jobs to their queues. Fails fast when Redis is unreachable (the outbox retries). */
@Injectable()
export class JobPublisher implements OnApplicationShutdown {
  private readonly queues = new Map<string, Queue>();
  /** Each queue's Redis connection, once BullMQ made it (for `reachable`). */
  private readonly connections = new Map<string, { status: string }>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        prefix: `${this.config.redisPrefix}:bull`,
        connection: redisOptionsFromUrl(this.config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) as ConnectionOptions,
        defaultJobOptions: {
          attempts: 20,
          backoff: { type: 'exponential', delay: 500 },
          removeOnComplete: { count: 1000 },
          removeOnFail: { count: 5000 },
        },
      });
      queue.on('error', () => undefined); // connection errors surface on add(); the relay retries
      this.queues.set(name, queue);
      queue.backend.client.then(
        (client) => this.connections.set(name, client),
        () => undefined,
      );
    }
    return queue;
  }

  async addBulk(jobs: JobRequest[]): Promise<void> {
    const byQueue = new Map<string, JobRequest[]>();
    for (const job of jobs) {
      const queueName = JOB_QUEUE[job.name];
      byQueue.set(queueName, [...(byQueue.get(queueName) ?? []), job]);
    }
    // The queues are asked at once: the batch waits for the slowest, not for each in turn.
    await Promise.all(
      [...byQueue].map(([queueName, list]) =>
        withTimeout(
          this.queue(queueName).addBulk(
            list.map((j) => ({ name: j.name, data: j.data, opts: j.delay ? { jobId: j.jobId, delay: j.delay } : { jobId: j.jobId } })),
          ),
          ADD_TIMEOUT_MS,
          `Redis no respondió al encolar en ${queueName}`,
        ),
      ),
    );
  }

  /**
   * Whether Redis answers, as far as this process can tell now: it has queued before and every queue's connection
   * is ready. A hint, not a promise (Redis may go the next instant): the relay pushes before queueing its jobs only
   * then, so an outage it already knows of never sends a push whose claim will roll back.
   */
  get reachable(): boolean {
    if (this.queues.size === 0) return false;
    for (const name of this.queues.keys()) if (this.connections.get(name)?.status !== 'ready') return false;
    return true;
  }

  /** For tests and health: the queue of a job name. */
  queueFor(name: JobName): Queue {
    return this.queue(JOB_QUEUE[name]);
  }

  allQueueNames(): string[] {
    return Object.values(QUEUES);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => closeQueue(q)));
  }
}
