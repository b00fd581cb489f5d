import { push, type PushRoutes } from '@core/realtime/push-routes';
import type { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { can } from '@shared/permissions';
import { ROOMS } from '@shared/events/socket-events';

type WebhookEvent = 'webhook.created' | 'webhook.updated' | 'webhook.deleted' | 'webhook.stopped';

const changed = (id: number) => ({ pushes: [push('webhooks.changed', [ROOMS.webhooks], { webhook_id: id })] });

/** The screen 'Webhooks' rereads its list when an endpoint changes (staff's or the workers' pause). */
const WEBHOOKS_PUSH_ROUTES: PushRoutes<WebhookEvent> = {
  'webhook.created': (e) => changed(e.payload.webhook.id),
  'webhook.updated': (e) => changed(e.payload.webhook.id),
  'webhook.deleted': (e) => changed(e.payload.webhook_id),
  'webhook.stopped': (e) => changed(e.payload.webhook_id),
};

export function registerWebhooksRealtime(realtime: RealtimeRegistry): void {
  realtime.rooms(/^webhooks$/, (user) => can(user, 'integraciones', 'view'));
  realtime.pushRoutes(WEBHOOKS_PUSH_ROUTES);
}
