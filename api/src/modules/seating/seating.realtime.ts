import { can } from '@shared/permissions';
import type { SeatingDelta } from '@shared/contracts/seating.contract';
import { ROOMS } from '@shared/events/socket-events';
import { push, type PushRoutes, type PushSpec } from '@core/realtime/push-routes';
import type { RealtimeRegistry } from '@core/realtime/realtime-registry';
import type { SeatingPresence } from './seating.presence';
import type { SeatingRepository } from './seating.repository';

/**
 * Realtime declarations of the seating map. Room internal-event-seating:{id} (staff who may view
 * eventos_internos: names of the seated) gets every change as a small delta with the event's seating
 * version; the event's detail page (internal-event:{id}) gets the same delta, and for a mass
 * assignment's end a note to reload its attendees. Whoever joins or leaves the seating room changes its
 * presence list (SeatingPresence), pushed to the room.
 */
const seatingRooms = (id: number) => [ROOMS.internalEventSeating(id), ROOMS.internalEvent(id)];

const delta = (d: SeatingDelta): PushSpec => push('seating.changed', seatingRooms(d.event_id), d);

type SeatingEventType =
  | 'seating.seat-assigned'
  | 'seating.seats-released'
  | 'seating.mass-assign-requested'
  | 'seating.mass-assigned'
  | 'seating.mass-assign-finished';

export const SEATING_PUSH_ROUTES: PushRoutes<SeatingEventType> = {
  // The detail page also gets the change in its own terms (its attendee table shows the seat).
  'seating.seat-assigned': (e) => {
    const { seat_ref, ...d } = e.payload;
    return {
      pushes: [
        delta(d),
        push('internal-seat.assigned', [ROOMS.internalEvent(d.event_id)], {
          event_id: d.event_id,
          persona_id: d.assigned[0].persona.id,
          asiento: seat_ref,
        }),
      ],
    };
  },
  'seating.seats-released': (e) => ({
    pushes: [
      delta(e.payload),
      push('internal-seats.released', [ROOMS.internalEvent(e.payload.event_id)], {
        event_id: e.payload.event_id,
        persona_ids: e.payload.released.map((r) => r[2]),
      }),
    ],
  }),
  'seating.mass-assigned': (e) => ({ pushes: [delta(e.payload)] }),
  'seating.mass-assign-requested': (e) => ({
    pushes: [push('seating.mass-progress', seatingRooms(e.payload.event_id), { event_id: e.payload.event_id, mass: e.payload.mass })],
  }),
  // At the end of a mass assignment the detail page reloads its attendees once (not per batch).
  'seating.mass-assign-finished': (e) => ({
    pushes: [
      push('seating.mass-progress', seatingRooms(e.payload.event_id), { event_id: e.payload.event_id, mass: e.payload.mass }),
      ...(e.payload.mass.assigned_count > 0
        ? [
            push('internal-attendees.assigned', [ROOMS.internalEvent(e.payload.event_id)], {
              event_id: e.payload.event_id,
              asistentes: null,
            }),
          ]
        : []),
    ],
  }),
};

const SEATING_ROOM = /^internal-event-seating:(\d+)$/;

export function registerSeatingRealtime(realtime: RealtimeRegistry, repo: SeatingRepository, presence: SeatingPresence): void {
  realtime.rooms(SEATING_ROOM, async (user, _room, m) => can(user, 'eventos_internos', 'view') && !!(await repo.event(Number(m[1]))));
  realtime.occupancy(SEATING_ROOM, presence.onOccupancy);
  realtime.pushRoutes(SEATING_PUSH_ROUTES);
}
