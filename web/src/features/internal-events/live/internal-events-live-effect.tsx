import { ROOMS } from '@shared/events/socket-events';
import { useLiveRoom, useSocketEvent } from '../../../lib/live';
import { applyListCounts, loadInternalEvents, removeInternalEvent, upsertInternalEvent } from '../stores/internal-events-store';

/** The list's room 'internal-events': events created, edited, deleted and their counters; reload after a reconnect. Renders nothing. */
export function InternalEventsLiveEffect() {
  useLiveRoom(ROOMS.internalEvents, { onResync: () => void loadInternalEvents({ silent: true }) });
  useSocketEvent('internal-event.created', (msg) => upsertInternalEvent(msg.data.event));
  useSocketEvent('internal-event.updated', (msg) => upsertInternalEvent(msg.data.event));
  useSocketEvent('internal-event.deleted', (msg) => removeInternalEvent(msg.data.id));
  useSocketEvent('internal-event.counts', (msg) => applyListCounts(msg.data.counts));
  return null;
}
