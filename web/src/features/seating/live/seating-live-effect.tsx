import { ROOMS } from '@shared/events/socket-events';
import { useLiveRoom, useSocketEvent } from '../../../lib/live';
import { applyDelta, loadSeating, seatingState, setAttendance } from '../stores/seating-store';

/**
 * The seating map live (room internal-event-seating:{id}, and the event's room for changes made on the
 * detail page): deltas applied in version order, a missed version or a reconnect reloads the map;
 * mass-assignment progress; who else is on the map.
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
  // A seat given on the detail page arrives first as a versioned delta (already applied here); removals and a space
  // change made there carry no seating version.
  useSocketEvent('internal-seat.assigned', (msg) => {
    if (msg.data.event_id === eventId && !seatingState.seatOfAssignment.has(msg.data.asiento.asignacion_id)) reload();
  });
  useSocketEvent('internal-seats.released', (msg) => {
    // Also sent for releases made here (already applied from the delta): reload only if someone is still seated.
    if (msg.data.event_id !== eventId) return;
    const ids = new Set(msg.data.persona_ids);
    for (const a of seatingState.bySeat.values()) {
      if (ids.has(a.persona.id)) {
        reload();
        return;
      }
    }
  });
  useSocketEvent('internal-attendee.removed', (msg) => {
    if (msg.data.event_id === eventId) reload();
  });
  useSocketEvent('internal-attendee.updated', (msg) => {
    if (msg.data.event_id === eventId) setAttendance(msg.data.asistente.id, msg.data.asistente.pivot.confirmacion);
  });
  useSocketEvent('internal-event.updated', (msg) => {
    if (msg.data.event.id === eventId) reload();
  });
  return null;
}
