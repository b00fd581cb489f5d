import { ROOMS } from '@shared/events/socket-events';
import { useLiveRoom, useSocketEvent } from '../../../lib/live';
import { loadLog, loadWebhooks, logState } from '../stores/webhooks-store';

/** Joins the room webhooks; an endpoint changed (by staff or paused by the workers): reread the list and the log open. */
export function WebhooksLiveEffect() {
  useLiveRoom(ROOMS.webhooks, { onResync: () => void loadWebhooks({ silent: true }) });
  useSocketEvent('webhooks.changed', (msg) => {
    void loadWebhooks({ silent: true });
    if (logState.webhookId === msg.data.webhook_id) void loadLog();
  });
  return null;
}
