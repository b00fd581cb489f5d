import { ROOMS } from '@shared/events/socket-events';
import { useLiveRoom, useSocketEvent } from '../../../lib/live';
import { applyPageCounts, loadPublicEvent } from '../stores/public-event-store';

/**
 * One public event page's room 'public:evento:{id}': places left update live (the form turns into
 * 'Evento Lleno' when they run out); a status change or a reconnect reloads the page. Renders nothing.
 */
export function PublicEventLiveEffect({ eventId, slug }: { eventId: number; slug: string }) {
  useLiveRoom(ROOMS.publicEvent(eventId), { onResync: () => void loadPublicEvent(slug, { silent: true }) });
  useSocketEvent('event.counts', (msg) => {
    if (applyPageCounts(msg.data.counts)) void loadPublicEvent(slug, { silent: true });
  });
  useSocketEvent('public.events-changed', () => void loadPublicEvent(slug, { silent: true }));
  return null;
}
