import { ROOMS } from '@shared/events/socket-events';
import { useLiveRoom, useSocketEvent } from '../../../lib/live';
import {
  applyBoardCounts,
  loadRegistrations,
  removeRegistration,
  replaceBoardEvent,
  upsertRegistration,
  upsertRegistrations,
} from '../stores/registrations-store';

/**
 * The registrations board's pushes on room 'external-event:{id}': registrations created, updated
 * (confirmed / unconfirmed) and deleted by the public or by other staff, the counts, and the event
 * itself. After a reconnect the board reloads silently. Renders nothing.
 */
export function RegistrationsLiveEffect({ eventId, onEventDeleted }: { eventId: number; onEventDeleted: () => void }) {
  useLiveRoom(ROOMS.externalEvent(eventId), {
    onResync: () => {
      loadRegistrations(eventId).catch(() => {
        // Silent, like the old polling: the next reconnect or push brings the board back in step.
      });
    },
  });
  useSocketEvent('registrations.created', (msg) => upsertRegistrations(msg.data.event_id, msg.data.registrations));
  useSocketEvent('registration.updated', (msg) => upsertRegistration(msg.data.event_id, msg.data.registration));
  useSocketEvent('registration.deleted', (msg) => removeRegistration(msg.data.event_id, msg.data.id));
  useSocketEvent('event.counts', (msg) => applyBoardCounts(msg.data.counts));
  useSocketEvent('external-event.updated', (msg) => replaceBoardEvent(msg.data.event));
  useSocketEvent('external-event.deleted', (msg) => {
    if (msg.data.id === eventId) onEventDeleted();
  });
  return null;
}
