import { ROOMS } from '@shared/events/socket-events';
import { useLiveRoom, useSocketEvent } from '../../../lib/live';
import { applyPublicCounts, loadPublicEvents } from '../stores/public-events-store';

/**
 * The landing's room 'public:eventos' (counts only, never personal data): places move live, and the
 * list is refetched when it changed (created, published, featured…) and after a reconnect. Renders nothing.
 */
export function PublicEventsLiveEffect() {
  useLiveRoom(ROOMS.publicEvents, { onResync: () => void loadPublicEvents({ silent: true }) });
  useSocketEvent('event.counts', (msg) => applyPublicCounts(msg.data.counts));
  useSocketEvent('public.events-changed', () => void loadPublicEvents({ silent: true }));
  return null;
}
