import { Module } from '@nestjs/common';
import { MAIL_SWEEP_EVERY_MS } from '../mail.constants';
import { MailPushes } from '../mail-pushes';
import { MailMetrics } from '../mail.metrics';
import { MailRepository } from '../mail.repository';
import { MailTransport } from '../mail-transport';
import { MailRenderer } from '../render/mail-renderer';
import { MailDispatcher } from './mail-dispatcher';
import { MailQueue } from './mail-queue';
import { MailSendJob } from './mail-send.job';
import { MailSweepJob } from './mail-sweep.job';

/** What the workers run of mail: the dispatcher (LISTEN → jobs), the send and sweep jobs, its gauge on /metrics. */
@Module({
  providers: [MailRepository, MailRenderer, MailTransport, MailPushes, MailQueue, MailDispatcher, MailSendJob, MailSweepJob, MailMetrics],
  exports: [MailSendJob, MailSweepJob],
})
export class MailJobsModule {
  static readonly handlers = [MailSendJob, MailSweepJob];
  static readonly schedules = [{ id: 'mail-sweep', every: MAIL_SWEEP_EVERY_MS, name: 'mail.sweep' as const }];
}
