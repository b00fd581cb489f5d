import { Module } from '@nestjs/common';
import { MailOutbox } from '../../mail/mail-outbox';
import { UsersRepository } from '../../users/users.repository';
import { SWEEP_EVERY_MS } from '../webhooks.constants';
import { WebhookAttempt } from '../webhook-attempt';
import { WebhookLine } from '../webhook-line';
import { WebhookPushes } from '../webhook-pushes';
import { WebhookSender } from '../webhook-sender';
import { WebhookResolver, WebhookTargets } from '../webhook-target';
import { WebhooksRepository } from '../webhooks.repository';
import { WebhookDeliverJob } from './webhook-deliver.job';
import { WebhookQueue } from './webhook-queue';
import { WebhookSweepJob } from './webhook-sweep.job';
import { WebhookWakeJob } from './webhook-wake.job';

/** What the workers run of webhooks: the wake-ups, the lines, the sweep. */
@Module({
  providers: [
    WebhooksRepository,
    UsersRepository,
    MailOutbox,
    WebhookResolver,
    WebhookTargets,
    WebhookSender,
    WebhookAttempt,
    WebhookLine,
    WebhookPushes,
    WebhookQueue,
    WebhookWakeJob,
    WebhookDeliverJob,
    WebhookSweepJob,
  ],
  exports: [WebhookWakeJob, WebhookDeliverJob, WebhookSweepJob, WebhookResolver],
})
export class WebhooksJobsModule {
  static readonly handlers = [WebhookWakeJob, WebhookDeliverJob, WebhookSweepJob];
  static readonly schedules = [{ id: 'webhooks-sweep', every: SWEEP_EVERY_MS, name: 'webhooks.sweep' as const }];
}
