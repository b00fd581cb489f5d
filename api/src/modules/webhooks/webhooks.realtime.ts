import { push, type PushRoutes } from '@core/realtime/push-routes';
import type { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { can } from '@shared/permissions';
import { ROOMS } from '@shared/events/socket-events';
import type { WebhookDeliveryResponse } from '@shared/contracts/webhooks.contract';
import type { WebhooksRepository } from './webhooks.repository';

type WebhookEvent =
  'webhook.created' | 'webhook.updated' | 'webhook.deleted' | 'webhook.stopped' | 'webhook.pinged' | 'webhook.delivery-resent';

const changed = (id: number) => ({ pushes: [push('webhooks.changed', [ROOMS.webhooks], { webhook_id: id })] });
const deliveries = (id: number, entrega: WebhookDeliveryResponse, nuevas: boolean) => ({
  pushes: [push('webhook.deliveries', [ROOMS.webhook(id)], { webhook_id: id, entregas: [entrega], nuevas })],
});

/** The screen 'Webhooks' rereads its list when an endpoint changes (staff's or the workers' pause). */
const WEBHOOKS_PUSH_ROUTES: PushRoutes<WebhookEvent> = {
  'webhook.created': (e) => changed(e.payload.webhook.id),
  'webhook.updated': (e) => changed(e.payload.webhook.id),
  'webhook.deleted': (e) => changed(e.payload.webhook_id),
  'webhook.stopped': (e) => changed(e.payload.webhook_id),
  // Staff's 'probar' and 'reenviar' (the workers' line pushes its own: WebhookPushes): the endpoint's open logs.
  'webhook.pinged': (e) => deliveries(e.payload.webhook_id, e.payload.entrega, true),
  'webhook.delivery-resent': (e) => deliveries(e.payload.webhook_id, e.payload.entrega, false),
};

/**
 * The screen's room, and each endpoint's delivery log (pushed by WebhookPushes): both for who may read them —
 * integraciones view, as GET /api/webhooks and …/entregas —, the log only of an endpoint that exists.
 */
export function registerWebhooksRealtime(realtime: RealtimeRegistry, repo: WebhooksRepository): void {
  realtime.rooms(/^webhooks$/, (user) => can(user, 'integraciones', 'view'));
  realtime.rooms(/^webhook:(\d+)$/, async (user, _room, m) => can(user, 'integraciones', 'view') && !!(await repo.find(Number(m[1]))));
  realtime.pushRoutes(WEBHOOKS_PUSH_ROUTES);
}
