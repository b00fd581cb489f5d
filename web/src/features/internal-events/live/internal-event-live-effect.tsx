import { ROOMS } from '@shared/events/socket-events';
import { useLiveRoom, useSocketEvent } from '../../../lib/live';
import {
  applyCounts,
  applyInvitationProgress,
  loadInternalEvent,
  releaseSeats,
  removeAsistenteFromBoard,
  replaceEvento,
  setSeat,
  upsertAsistentes,
} from '../stores/internal-event-store';

/**
 * One event's board, room 'internal-event:{id}': attendees assigned, removed and their status changed
 * (by staff or by the invited on the public page), seats given and released, counters and the event
 * itself, and the invitations by e-mail being queued (progress, who was invited). A large assignment comes without rows: the board reloads. After a reconnect it reloads silently.
 */
export function InternalEventLiveEffect({ eventId, onEventDeleted }: { eventId: number; onEventDeleted: () => void }) {
  const reload = () => {
    loadInternalEvent(eventId).catch(() => {
      // Silent, like the old polling: the next reconnect or push brings the board back in step.
    });
  };
  useLiveRoom(ROOMS.internalEvent(eventId), { onResync: reload });
  useSocketEvent('internal-attendees.assigned', (msg) => {
    if (msg.data.event_id !== eventId) return;
    if (msg.data.asistentes) upsertAsistentes(eventId, msg.data.asistentes);
    else reload();
  });
  useSocketEvent('internal-attendee.updated', (msg) => upsertAsistentes(msg.data.event_id, [msg.data.asistente]));
  useSocketEvent('internal-attendee.removed', (msg) => removeAsistenteFromBoard(msg.data.event_id, msg.data.persona_id));
  useSocketEvent('internal-seat.assigned', (msg) => setSeat(msg.data.event_id, msg.data.persona_id, msg.data.asiento));
  useSocketEvent('internal-seats.released', (msg) => releaseSeats(msg.data.event_id, msg.data.persona_ids));
  useSocketEvent('internal-event.invitations-progress', (msg) =>
    applyInvitationProgress(msg.data.event_id, msg.data.job, msg.data.invited),
  );
  useSocketEvent('internal-event.counts', (msg) => applyCounts(msg.data.counts));
  useSocketEvent('internal-event.updated', (msg) => replaceEvento(msg.data.event));
  useSocketEvent('internal-event.deleted', (msg) => {
    if (msg.data.id === eventId) onEventDeleted();
  });
  return null;
}
