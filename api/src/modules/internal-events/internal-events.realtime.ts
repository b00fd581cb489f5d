import { can } from '@shared/permissions';
import { ROOMS } from '@shared/events/socket-events';
import { push, type PushRoutes } from '@core/realtime/push-routes';
import type { RealtimeRegistry } from '@core/realtime/realtime-registry';
import type { InternalEventsRepository } from './internal-events.repository';

/**
 * Realtime declarations of internal events: which pushes each domain event produces, to which rooms.
 * Staff rooms (internal-events, internal-event:{id}) carry attendee data; the public room
 * public:evento-interno:{id} gets counts and "changed" only — never a name, code, e-mail or phone.
 * Counters travel inside the domain events (read in the change's transaction, with the event's version),
 * so no counts source is needed.
 */

const board = (id: number) => [ROOMS.internalEvent(id)];
const listAndBoard = (id: number) => [ROOMS.internalEvents, ROOMS.internalEvent(id)];
/** Counters: the list's cards, the board and the public page. */
const countsTo = (id: number) => [ROOMS.internalEvents, ROOMS.internalEvent(id), ROOMS.publicInternalEvent(id)];

type InternalEventType =
  | 'internal-event.created'
  | 'internal-event.updated'
  | 'internal-event.deleted'
  | 'internal-event.attendees-assigned'
  | 'internal-event.attendee-removed'
  | 'internal-event.attendance-changed'
  | 'internal-event.attendance-confirmed';

export const INTERNAL_EVENTS_PUSH_ROUTES: PushRoutes<InternalEventType> = {
  'internal-event.created': (e) => ({ pushes: [push('internal-event.created', [ROOMS.internalEvents], { event: e.payload.event })] }),
  'internal-event.updated': (e) => ({
    pushes: [
      push('internal-event.updated', listAndBoard(e.payload.event.id), { event: e.payload.event }),
      push('public.internal-event-changed', [ROOMS.publicInternalEvent(e.payload.event.id)], { id: e.payload.event.id }),
    ],
  }),
  'internal-event.deleted': (e) => ({
    pushes: [
      push('internal-event.deleted', listAndBoard(e.payload.event_id), { id: e.payload.event_id }),
      push('public.internal-event-changed', [ROOMS.publicInternalEvent(e.payload.event_id)], { id: e.payload.event_id }),
    ],
  }),
  'internal-event.attendees-assigned': (e) => ({
    pushes: [
      push('internal-attendees.assigned', board(e.payload.event_id), { event_id: e.payload.event_id, asistentes: e.payload.asistentes }),
      push('internal-event.counts', countsTo(e.payload.event_id), { counts: e.payload.counts }),
    ],
  }),
  'internal-event.attendee-removed': (e) => ({
    pushes: [
      push('internal-attendee.removed', board(e.payload.event_id), { event_id: e.payload.event_id, persona_id: e.payload.persona_id }),
      push('internal-event.counts', countsTo(e.payload.event_id), { counts: e.payload.counts }),
    ],
  }),
  'internal-event.attendance-changed': (e) => ({
    pushes: [
      push('internal-attendee.updated', board(e.payload.event_id), { event_id: e.payload.event_id, asistente: e.payload.asistente }),
      push('internal-event.counts', countsTo(e.payload.event_id), { counts: e.payload.counts }),
    ],
  }),
  'internal-event.attendance-confirmed': (e) => ({
    pushes: [
      push('internal-attendee.updated', board(e.payload.event_id), { event_id: e.payload.event_id, asistente: e.payload.asistente }),
      push('internal-event.counts', countsTo(e.payload.event_id), { counts: e.payload.counts }),
    ],
  }),
};

/** Registers the rooms of internal events (checked at every join and after access changes) and their push routes. */
export function registerInternalEventsRealtime(realtime: RealtimeRegistry, repo: InternalEventsRepository): void {
  realtime.rooms(/^internal-events$/, (user) => can(user, 'eventos_internos', 'view'));
  realtime.rooms(
    /^internal-event:(\d+)$/,
    async (user, _room, m) => can(user, 'eventos_internos', 'view') && !!(await repo.findById(Number(m[1]))),
  );
  // Counts only. A borrador's room, like its page, only for staff who may view it.
  realtime.rooms(/^public:evento-interno:(\d+)$/, async (user, _room, m) => {
    const event = await repo.findById(Number(m[1]));
    return !!event && (event.estado !== 'borrador' || can(user, 'eventos_internos', 'view'));
  });
  realtime.pushRoutes(INTERNAL_EVENTS_PUSH_ROUTES);
}
