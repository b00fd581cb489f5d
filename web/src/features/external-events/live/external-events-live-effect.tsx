import { ROOMS } from '@shared/events/socket-events';
import { useLiveRoom, useSocketEvent } from '../../../lib/live';
import { applyEventCounts, loadExternalEvents, removeExternalEvent, upsertExternalEvent } from '../stores/external-events-store';

/**
 * Joins room 'external-events' while the table is open and applies its pushes to the store; after a
 * reconnect the list is refetched (pushes may have been missed). Renders nothing.
 */
export function ExternalEventsLiveEffect() {
  useLiveRoom(ROOMS.externalEvents, { onResync: () => void loadExternalEvents({ silent: true }) });
  useSocketEvent('external-event.created', (msg) => upsertExternalEvent(msg.data.event));
  useSocketEvent('external-event.updated', (msg) => upsertExternalEvent(msg.data.event));
  useSocketEvent('external-event.deleted', (msg) => removeExternalEvent(msg.data.id));
  useSocketEvent('event.counts', (msg) => applyEventCounts(msg.data.counts));
  return null;
}
