import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { EventEmitter } from 'node:events';
import { Queue, type ConnectionOptions } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import type { MailSettings } from '../mail.settings';
import { redisOptionsFromUrl } from '@core/redis/redis-options';
import { QUEUES } from '@shared/jobs/jobs';
import { closeQueue } from '@core/jobs/close-queue';

/** The BullMQ id of a message's job: one job per message while it exists (a second add is a no-op). */
export const mailJobId = (correoId: string) => `correo-${correoId}`;

/**
 * Enqueues `mail.send` jobs, one per message, with the retry policy of temporary failures (exponential
 * backoff). Jobs are removed when they end, so a message queued again later (a resend, a sweep) gets a new
 * job; the row's status, not the job, says whether it was sent.
 */
@Injectable()
export class MailQueue implements OnApplicationShutdown {
  private readonly logger = new Logger(MailQueue.name);
  private readonly queue: Queue;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig & MailSettings) {
    this.queue = new Queue(QUEUES.mail, {
      prefix: `${config.redisPrefix}:bull`,
      connection: redisOptionsFromUrl(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) as ConnectionOptions,
    });
    this.queue.on('error', () => undefined); // surfaces on add(); the dispatcher and the sweep enqueue again
  }

  /** Calls `listener` whenever the connection to Redis fails or closes (Redis down, restarted, replaced). */
  onConnectionLost(listener: () => void): void {
    this.queue.on('error', listener);
    (this.queue as unknown as EventEmitter).on('ioredis:close', listener);
  }

  /**
   * How many more messages may be handed to Redis now (MAIL_QUEUE_AHEAD less those waiting for their turn: waiting,
   * delayed for a retry, or held by the pace); Infinity when unbounded. Throws when Redis does not answer.
   */
  async room(): Promise<number> {
    const ahead = this.config.mailQueueAhead;
    if (ahead === null) return Infinity;
    const counts = await this.queue.getJobCounts('wait', 'prioritized', 'delayed');
    return Math.max(0, ahead - Object.values(counts).reduce((a, b) => a + b, 0));
  }

  /** Enqueues the messages; false when Redis did not take them (they stay queued for the next sweep). */
  async enqueue(ids: readonly string[]): Promise<boolean> {
    if (ids.length === 0) return true;
    try {
      await this.queue.addBulk(
        ids.map((correoId) => ({
          name: 'mail.send',
          data: { correoId },
          opts: {
            jobId: mailJobId(correoId),
            attempts: this.config.mailSendAttempts,
            backoff: { type: 'exponential', delay: this.config.mailRetryDelayMs },
            removeOnComplete: true,
            removeOnFail: true,
          },
        })),
      );
      return true;
    } catch (err) {
      this.logger.warn(`No se encolaron ${ids.length} correos: ${(err as Error).message}`);
      return false;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await closeQueue(this.queue);
  }
}
