import { ROOMS } from '@shared/events/socket-events';
import { useLiveRoom, useSocketEvent } from '../../../lib/live';
import { applyPublicCounts, loadPublicInternalEvent } from '../stores/public-internal-event-store';

/**
 * The page's public room 'public:evento-interno:{id}': counts only (never anyone's data); an edit,
 * cancellation or deletion reloads the page, and so does a reconnect. Replaces the 3-second polling.
 */
export function PublicInternalEventLiveEffect({ eventId, slugOrId }: { eventId: number; slugOrId: string }) {
  useLiveRoom(ROOMS.publicInternalEvent(eventId), { onResync: () => void loadPublicInternalEvent(slugOrId, { silent: true }) });
  useSocketEvent('internal-event.counts', (msg) => applyPublicCounts(msg.data.counts));
  useSocketEvent('public.internal-event-changed', (msg) => {
    if (msg.data.id === eventId) void loadPublicInternalEvent(slugOrId, { silent: true });
  });
  return null;
}
