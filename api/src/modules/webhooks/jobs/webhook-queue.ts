import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Queue, type ConnectionOptions } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import { redisOptionsFromUrl } from '@core/redis/redis-options';
import { QUEUES } from '@shared/jobs/jobs';
import { LINE_BUSY_RETRY_MS } from '../webhooks.constants';
import { closeQueue } from '@core/jobs/close-queue';

/**
 * Enqueues runs of endpoints' lines. A run that finds the line held asks again in the next LINE_BUSY_RETRY_MS slot:
 * one job per endpoint and slot (the job id), so a burst of wake-ups for a busy line is a handful of jobs, and a
 * wake-up is never lost (its slot runs after the holder's transaction that could not see it).
 */
@Injectable()
export class WebhookQueue implements OnApplicationShutdown {
  private readonly logger = new Logger(WebhookQueue.name);
  private readonly queue: Queue;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.queue = new Queue(QUEUES.webhooks, {
      prefix: `${config.redisPrefix}:bull`,
      connection: redisOptionsFromUrl(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) as ConnectionOptions,
      defaultJobOptions: {
        attempts: 20,
        backoff: { type: 'exponential', delay: 500 },
        removeOnComplete: true,
        removeOnFail: { count: 1000 },
      },
    });
    this.queue.on('error', () => undefined); // surfaces on add(); the sweep runs every line again
  }

  /** Runs the lines now (one job per endpoint and wake-up: `key`, e.g. the domain event's id). */
  async now(endpointIds: readonly number[], key: string): Promise<void> {
    if (endpointIds.length === 0) return;
    await this.queue.addBulk(
      endpointIds.map((endpointId) => ({ name: 'webhooks.deliver', data: { endpointId }, opts: { jobId: `wh-${endpointId}-${key}` } })),
    );
  }

  /** Runs a line at `at` (its head's next attempt) or in the next slot after a busy line. */
  async at(endpointId: number, at: number): Promise<void> {
    const slot = Math.floor(at / LINE_BUSY_RETRY_MS) + 1;
    try {
      await this.queue.add(
        'webhooks.deliver',
        { endpointId },
        { jobId: `wh-${endpointId}-t${slot}`, delay: Math.max(0, slot * LINE_BUSY_RETRY_MS - Date.now()) },
      );
    } catch (err) {
      this.logger.warn(`No se programó la línea del webhook ${endpointId}: ${(err as Error).message}`);
      throw err;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await closeQueue(this.queue);
  }
}
