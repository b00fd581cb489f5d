import { Injectable } from '@nestjs/common';
import type { JobHandler } from '@core/jobs/job-handler';
import type { JobPayloads } from '@shared/jobs/jobs';
import type { DomainEventType } from '@shared/events/domain-events';
import { WEBHOOK_SOURCES } from '../webhook-events';
import { WebhooksRepository } from '../webhooks.repository';
import { WebhookQueue } from './webhook-queue';

/** webhooks.wake (one per relay batch and kind of event; job id: the batch's first event of that kind): runs the lines of the active endpoints subscribed to the event's kind. */
@Injectable()
export class WebhookWakeJob implements JobHandler<'webhooks.wake'> {
  readonly job = 'webhooks.wake' as const;

  constructor(
    private readonly repo: WebhooksRepository,
    private readonly queue: WebhookQueue,
  ) {}

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
