import { can } from '@shared/permissions';
import type { VersionedInternalCounts } from '@shared/contracts/internal-events.contract';
import { ROOMS } from '@shared/events/socket-events';
import { push, type PushRoute, type PushRoutes, type PushSpec, type RoutedEvent } from '@core/realtime/push-routes';
import type { RealtimeRegistry } from '@core/realtime/realtime-registry';
import type { InternalEventsRepository } from './internal-events.repository';
import { INTERNAL_EVENTS_AREA } from './internal-events.person-references';

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

/** A change to an event's attendees: its push to the board, then the new counters wherever they show. */
const attendeesChanged = (p: { event_id: number; counts: VersionedInternalCounts }, toBoard: PushSpec): RoutedEvent => ({
  pushes: [toBoard, push('internal-event.counts', countsTo(p.event_id), { counts: p.counts })],
});
/** One attendee's confirmation changed, by staff or by the person on the public page: the same pushes. */
const attendeeUpdated: PushRoute<'internal-event.attendance-changed' | 'internal-event.attendance-confirmed'> = (e) =>
  attendeesChanged(
    e.payload,
    push('internal-attendee.updated', board(e.payload.event_id), { event_id: e.payload.event_id, asistente: e.payload.asistente }),
  );

type InternalEventType =
  | 'internal-event.created'
  | 'internal-event.updated'
  | 'internal-event.deleted'
  | 'internal-event.attendees-assigned'
  | 'internal-event.attendee-removed'
  | 'internal-event.attendance-changed'
  | 'internal-event.attendance-confirmed'
  | 'internal-event.invitations-requested'
  | 'internal-event.invitations-finished';

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
  'internal-event.attendees-assigned': (e) =>
    attendeesChanged(
      e.payload,
      push('internal-attendees.assigned', board(e.payload.event_id), { event_id: e.payload.event_id, asistentes: e.payload.asistentes }),
    ),
  'internal-event.attendee-removed': (e) =>
    attendeesChanged(
      e.payload,
      push('internal-attendee.removed', board(e.payload.event_id), { event_id: e.payload.event_id, persona_id: e.payload.persona_id }),
    ),
  'internal-event.attendance-changed': attendeeUpdated,
  'internal-event.attendance-confirmed': attendeeUpdated,
  // An invitation request and its end (the batches between are pushed by the worker itself).
  'internal-event.invitations-requested': (e) => ({
    pushes: [push('internal-event.invitations-progress', board(e.payload.event_id), { event_id: e.payload.event_id, job: e.payload.job })],
  }),
  'internal-event.invitations-finished': (e) => ({
    pushes: [push('internal-event.invitations-progress', board(e.payload.event_id), { event_id: e.payload.event_id, job: e.payload.job })],
  }),
};

/**
 * People merged into one (or the merge undone) changed the attendee lists of some internal events (what this area's
 * PersonReferences answered, under its name in `cambios`): each board is told to refetch its list (`asistentes` null).
 */
const listsChanged: PushRoute<'persona.merged' | 'persona.merge-undone'> = (e) => ({
  // An event written before `cambios` existed (still in the outbox at a deploy) names none: nothing to push, nothing thrown.
  pushes: (e.payload.cambios?.[INTERNAL_EVENTS_AREA] ?? []).map((id) =>
    push('internal-attendees.assigned', board(id), { event_id: id, asistentes: null }),
  ),
});

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
  realtime.alsoOn({ 'persona.merged': listsChanged, 'persona.merge-undone': listsChanged });
}
