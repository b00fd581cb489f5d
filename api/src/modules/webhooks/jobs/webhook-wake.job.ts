import { Injectable } from '@nestjs/common';
import { JobBase } from '@core/jobs/job-base';
import type { JobPayloads } from '@shared/jobs/jobs';
import type { DomainEventType } from '@shared/events/domain-events';
import { WEBHOOK_SOURCES } from '../webhook-events';
import { WebhooksRepository } from '../webhooks.repository';
import { WebhookQueue } from './webhook-queue';

/** webhooks.wake (one per relay batch and kind of event; job id: the batch's first event of that kind): runs the lines of the active endpoints subscribed to the event's kind. */
@Injectable()
export class WebhookWakeJob extends JobBase<'webhooks.wake'> {
  constructor(
    private readonly repo: WebhooksRepository,
    private readonly queue: WebhookQueue,
  ) {
    super('webhooks.wake');
  }

  async handle({ eventType }: JobPayloads['webhooks.wake']): Promise<void> {
    const evento = WEBHOOK_SOURCES[eventType as DomainEventType]?.evento;
    if (!evento) return;
    const endpoints = await this.repo.activeIds();
    await this.queue.now(
      endpoints.filter((e) => e.eventos.includes(evento)).map((e) => e.id),
      String(Date.now()),
    );
  }
}
