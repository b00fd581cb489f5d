import { ROOMS } from '@shared/events/socket-events';
import { useLiveRoom, useSocketEvent } from '../../../lib/live';
import { applyDelta, applyEventUpdate, loadSeating, seatingState, setAttendance } from '../stores/seating-store';

/**
 * The seating map live (room internal-event-seating:{id}, and the event's room for changes made on the
 * detail page): deltas applied in version order (seats given and freed anywhere, an attendee removed or
 * the space changed included), a missed version or a reconnect reloads the map; mass-assignment
 * progress; who else is on the map.
 */
export function SeatingLiveEffect({ eventId }: { eventId: number }) {
  const reload = () => {
    loadSeating(eventId, { fresh: true }).catch(() => {
      // Silent: the next push or reconnect brings the map back in step.
    });
  };
  useLiveRoom(ROOMS.internalEventSeating(eventId), { onResync: reload });
  useLiveRoom(ROOMS.internalEvent(eventId), { onResync: reload });
  useSocketEvent('seating.changed', (msg) => {
    if (applyDelta(msg.data) === 'reload') reload();
  });
  useSocketEvent('seating.mass-progress', (msg) => {
    if (msg.data.event_id !== eventId) return;
    const current = seatingState.mass;
    // A newer mass assignment replaces the one shown; an older or earlier-stage push of the same one is ignored.
    if (current && current.id === msg.data.mass.id && current.status === 'completed' && msg.data.mass.status !== 'completed') return;
    if (
      current &&
      current.id === msg.data.mass.id &&
      msg.data.mass.processed < current.processed &&
      msg.data.mass.status === current.status
    )
      return;
    seatingState.mass = msg.data.mass;
  });
  useSocketEvent('seating.presence', (msg) => {
    if (msg.data.event_id === eventId) seatingState.presence = msg.data.users;
  });
  // Seats given or freed on the detail page (auto-assign, 'asistio', check-in, an attendee removed, the space
  // changed) arrive as versioned deltas like any other; this is only a safety net for an assignment not seen.
  useSocketEvent('internal-seat.assigned', (msg) => {
    if (msg.data.event_id === eventId && !seatingState.seatOfAssignment.has(msg.data.asiento.asignacion_id)) reload();
  });
  // "Refetch the attendees" (people merged into one, a mass assignment's end): seats may have changed hands.
  useSocketEvent('internal-attendees.assigned', (msg) => {
    if (msg.data.event_id === eventId && msg.data.asistentes === null) reload();
  });
  useSocketEvent('internal-attendee.updated', (msg) => {
    if (msg.data.event_id === eventId) setAttendance(msg.data.asistente.id, msg.data.asistente.pivot.confirmacion);
  });
  // The event edited: its title, date and state patched; only another space (another layout) reloads the map.
  useSocketEvent('internal-event.updated', (msg) => {
    if (msg.data.event.id === eventId && applyEventUpdate(msg.data.event) === 'reload') reload();
  });
  return null;
}
