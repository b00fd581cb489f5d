import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SocketEmitter } from '@core/realtime/socket-emitter';
import { ROOMS } from '@shared/events/socket-events';
import { toDeliveryResponse } from './webhooks.mapper';
import type { DeliveryRow } from './webhooks.repository';

/**
 * The workers' line: deliveries made or attempted, to the log of their endpoint (room webhook:{id}: who may read the
 * log), through the Redis emitter, after their transaction commits (as the mail's status changes: MailPushes). New
 * ones newest first, as the log lists them. Staff's 'probar' and 'reenviar' go through their audited domain events.
 */
@Injectable()
export class WebhookPushes {
  constructor(private readonly sockets: SocketEmitter) {}

  deliveries(endpointId: number, rows: readonly DeliveryRow[], nuevas: boolean): void {
    if (rows.length === 0) return;
    this.sockets.toRoom(ROOMS.webhook(endpointId), 'webhook.deliveries', {
      event_id: `webhook:${endpointId}:${randomUUID()}`,
      occurred_at: new Date().toISOString(),
      data: { webhook_id: endpointId, entregas: rows.map(toDeliveryResponse), nuevas },
    });
  }
}
