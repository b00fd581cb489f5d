import { Injectable } from '@nestjs/common';
import { JobBase } from '@core/jobs/job-base';
import type { JobPayloads } from '@shared/jobs/jobs';
import { WebhookLine } from '../webhook-line';
import { WebhookQueue } from './webhook-queue';

/** webhooks.deliver: one run of an endpoint's line; then the next run it needs (a held line, a retry's time, more to do). */
@Injectable()
export class WebhookDeliverJob extends JobBase<'webhooks.deliver'> {
  constructor(
    private readonly line: WebhookLine,
    private readonly queue: WebhookQueue,
  ) {
    super('webhooks.deliver');
  }

  async handle({ endpointId }: JobPayloads['webhooks.deliver']): Promise<void> {
    const result = await this.line.run(endpointId);
    if (result.kind === 'busy' || result.kind === 'more') await this.queue.at(endpointId, Date.now());
    else if (result.kind === 'wait') await this.queue.at(endpointId, result.at.getTime());
  }
}
