import { Module, type OnModuleInit } from '@nestjs/common';
import { JobRoutes } from '@core/jobs/job-routes';
import { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { WEBHOOK_SOURCES } from './webhook-events';
import { WebhookAttempt } from './webhook-attempt';
import { WebhookSender } from './webhook-sender';
import { WebhookResolver, WebhookTargets } from './webhook-target';
import { WebhooksController } from './webhooks.controller';
import { registerWebhooksRealtime } from './webhooks.realtime';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/**
 * Webhooks: endpoints other systems register to hear the domain events (docs/decisions/integraciones.md). Every
 * relay batch starts one `webhooks.wake` job per kind of event in it that some endpoint could want (job id: the batch's first event of that kind); the workers run the
 * subscribed endpoints' lines.
 */
@Module({
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhooksRepository, WebhookResolver, WebhookTargets, WebhookSender, WebhookAttempt],
})
export class WebhooksModule implements OnModuleInit {
  constructor(
    private readonly realtime: RealtimeRegistry,
    private readonly jobs: JobRoutes,
    private readonly repo: WebhooksRepository,
  ) {}

  onModuleInit(): void {
    registerWebhooksRealtime(this.realtime, this.repo);
    // One wake per kind of event in the batch (a wake runs every line subscribed to that kind, whatever it finds
    // pending), named by the batch's first event of that kind.
    this.jobs.registerForBatch((events) => {
      const firstOfKind = new Map<string, string>();
      for (const e of events) if (WEBHOOK_SOURCES[e.type] && !firstOfKind.has(e.type)) firstOfKind.set(e.type, e.id);
      return [...firstOfKind].map(([eventType, id]) => ({ name: 'webhooks.wake', data: { eventType }, jobId: `webhook-${id}` }));
    });
    // Active again (or changed while active): its line resumes now, not at the next sweep.
    this.jobs.register('webhook.updated', (e) =>
      e.payload.webhook.estado === 'activo'
        ? [{ name: 'webhooks.deliver', data: { endpointId: e.payload.webhook.id }, jobId: `wh-${e.payload.webhook.id}-${e.id}` }]
        : [],
    );
  }
}
