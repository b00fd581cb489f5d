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
import { applyWaitlistEntry, loadWaitlist } from '../stores/waitlist-store';

/**
 * The registrations board's pushes on room 'external-event:{id}': registrations created, updated
 * (confirmed / unconfirmed / cancelled by link) and deleted by the public or by other staff, the waitlist's entries, the counts, and the event
 * itself. After a reconnect the board reloads silently. Renders nothing.
 */
export function RegistrationsLiveEffect({ eventId, onEventDeleted }: { eventId: number; onEventDeleted: () => void }) {
  useLiveRoom(ROOMS.externalEvent(eventId), {
    onResync: () => {
      loadRegistrations(eventId).catch(() => {
        // Silent, like the old polling: the next reconnect or push brings the board back in step.
      });
      loadWaitlist(eventId).catch(() => undefined);
    },
  });
  useSocketEvent('registrations.created', (msg) => upsertRegistrations(msg.data.event_id, msg.data.registrations));
  useSocketEvent('registration.updated', (msg) => upsertRegistration(msg.data.event_id, msg.data.registration));
  useSocketEvent('registration.deleted', (msg) => removeRegistration(msg.data.event_id, msg.data.id));
  useSocketEvent('event.counts', (msg) => applyBoardCounts(msg.data.counts));
  useSocketEvent('waitlist.entry', (msg) => applyWaitlistEntry(msg.data.event_id, msg.data.entry));
  useSocketEvent('external-event.updated', (msg) => replaceBoardEvent(msg.data.event));
  useSocketEvent('external-event.deleted', (msg) => {
    if (msg.data.id === eventId) onEventDeleted();
  });
  return null;
}
