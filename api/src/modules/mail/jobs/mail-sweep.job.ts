import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import type { MailSettings } from '../mail.settings';
import { MAIL_SWEEP_QUEUED_AFTER_MS } from '../mail.constants';
import { JobBase } from '@core/jobs/job-base';
import { MailRepository } from '../mail.repository';
import { mailSendingLeaseMs } from '../mail-send.rules';
import { MailQueue } from './mail-queue';

/**
 * mail.sweep (a BullMQ job scheduler: once per cluster, every MAIL_SWEEP_EVERY_MS): enqueues the messages
 * queued long ago whose NOTIFY or enqueue was lost, and those a dead worker left in 'sending' past the lease.
 * A message whose job still exists is not enqueued twice (same job id); at most as many as the queue has room for.
 */
@Injectable()
export class MailSweepJob extends JobBase<'mail.sweep'> {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig & MailSettings,
    private readonly mails: MailRepository,
    private readonly queue: MailQueue,
  ) {
    super('mail.sweep');
  }

  async handle(): Promise<void> {
    // No more than the queue has room for (MAIL_QUEUE_AHEAD): a long line stays in PostgreSQL, handed over as it sends.
    const room = await this.queue.room();
    if (room === 0) return;
    const ids = await this.mails.pending(MAIL_SWEEP_QUEUED_AFTER_MS, mailSendingLeaseMs(this.config), Math.min(5000, room));
    if (ids.length === 0) return;
    if (!(await this.queue.enqueue(ids))) throw new Error('Redis no recibió los correos pendientes');
    this.logger.log(`Barrido: ${ids.length} correos pendientes encolados de nuevo`);
  }
}
