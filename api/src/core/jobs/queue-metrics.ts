import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { QUEUES, type QueueName } from '@shared/jobs/jobs';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { MetricsRegistry } from '../metrics/metrics-registry';
import { redisOptionsFromUrl } from '../redis/redis-options';
import { closeQueue } from './close-queue';

/** The states a dashboard follows; BullMQ's prioritized jobs are waiting too. */
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * Each BullMQ queue's jobs by state on GET /metrics (`aforo_queue_jobs{queue, state}`), reported by the workers
 * (docs/decisions/plataforma.md «Quién lee /metrics»). One Redis connection for every queue's counts, opened on the
 * first scrape.
 */
@Injectable()
export class QueueMetrics implements OnModuleInit, OnApplicationShutdown {
  private redis: Redis | null = null;
  private queues: Array<{ name: QueueName; queue: Queue }> = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: MetricsRegistry,
  ) {}

  onModuleInit(): void {
    this.metrics.gauge({
      name: 'aforo_queue_jobs',
      help: 'Trabajos de cada cola de BullMQ por estado (waiting incluye los priorizados).',
      labelNames: ['queue', 'state'],
      read: () => this.depth(),
    });
  }

  private async depth() {
    if (!this.redis) {
      this.redis = new Redis(redisOptionsFromUrl(this.config.redisUrl, { maxRetriesPerRequest: 1 }));
      this.redis.on('error', () => undefined);
      const connection = this.redis;
      this.queues = Object.values(QUEUES).map((name) => ({
        name,
        queue: new Queue(name, { prefix: `${this.config.redisPrefix}:bull`, connection }),
      }));
      for (const { queue } of this.queues) queue.on('error', () => undefined);
    }
    const counted = await Promise.all(
      this.queues.map(async ({ name, queue }) => ({
        name,
        c: await queue.getJobCounts('wait', 'prioritized', 'active', 'delayed', 'failed'),
      })),
    );
    return counted.flatMap(({ name, c }) => {
      const byState = {
        waiting: (c.wait ?? 0) + (c.prioritized ?? 0),
        active: c.active ?? 0,
        delayed: c.delayed ?? 0,
        failed: c.failed ?? 0,
      };
      return QUEUE_STATES.map((state) => ({ labels: { queue: name, state }, value: byState[state] }));
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.splice(0).map(({ queue }) => closeQueue(queue)));
    this.redis?.disconnect();
    this.redis = null;
  }
}
