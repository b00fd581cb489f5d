import { useSnapshot } from 'valtio';
import { ROOMS } from '@shared/events/socket-events';
import { useLiveRoom, useSocketEvent } from '../../../lib/live';
import { applyDeliveries, loadLog, loadWebhooks, logState } from '../stores/webhooks-store';

/**
 * Joins the room webhooks, and the log's room of the endpoint opened (webhook:{id}): an endpoint changed (by staff or
 * paused by the workers) rereads the list and the log open; each delivery made or attempted reaches the log as it
 * happens; after a reconnect both are read again. Renders nothing.
 */
export function WebhooksLiveEffect() {
  const { webhookId } = useSnapshot(logState);
  useLiveRoom(ROOMS.webhooks, { onResync: () => void loadWebhooks({ silent: true }) });
  useLiveRoom(webhookId === null ? null : ROOMS.webhook(webhookId), { onResync: () => void loadLog() });
  useSocketEvent('webhooks.changed', (msg) => {
    void loadWebhooks({ silent: true });
    if (logState.webhookId === msg.data.webhook_id) void loadLog();
  });
  useSocketEvent('webhook.deliveries', (msg) => applyDeliveries(msg.data.webhook_id, msg.data.entregas, msg.data.nuevas));
  return null;
}
