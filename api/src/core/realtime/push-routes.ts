import type { DomainEventType, StoredDomainEvent } from '../events/domain-events';
import { ROOMS, type PushPayload, type ServerEventName } from '../events/socket-events';
import { sessionRoom } from './room-policy';

/** One push: an event name, the rooms it goes to, and its data. */
export interface PushSpec<E extends ServerEventName = ServerEventName> {
  rooms: string[];
  event: E;
  data: PushPayload<E>['data'];
}

/** What happens to connected sockets after the pushes (access re-checked, sessions ended). */
export interface SocketEffects {
  revalidateUser?: number;
  endSessions?: string[];
  endUser?: number;
  /** External events whose counts are pushed after the batch (coalesced). */
  counts?: number[];
}

const push = <E extends ServerEventName>(event: E, rooms: string[], data: PushPayload<E>['data']): PushSpec =>
  ({ event, rooms, data }) as PushSpec;

const staffEvent = (id: number) => [ROOMS.externalEvents, ROOMS.externalEvent(id)];
/** Public pages refetch: the landing, and the event's own page (which then may find it gone or unpublished). */
const publicChanged = (id?: number) =>
  push('public.events-changed', id ? [ROOMS.publicEvents, ROOMS.publicEvent(id)] : [ROOMS.publicEvents], {});

type Route<K extends DomainEventType> = (e: StoredDomainEvent<K>) => { pushes: PushSpec[]; effects?: SocketEffects };

/** For each domain event: the socket pushes it produces. Exhaustive by type. */
export const PUSH_ROUTES: { [K in DomainEventType]: Route<K> } = {
  'auth.logged-in': () => ({ pushes: [] }),
  'auth.logged-out': (e) => ({
    pushes: [push('session.revoked', [sessionRoom(e.payload.session_id)], {})],
    effects: { endSessions: [e.payload.session_id] },
  }),
  'auth.registered': (e) => ({ pushes: [push('user.created', [ROOMS.users], { user: e.payload.user })] }),
  'user.created': (e) => ({ pushes: [push('user.created', [ROOMS.users], { user: e.payload.user })] }),
  'user.updated': (e) => ({
    pushes: [
      push('user.updated', [ROOMS.users], { user: e.payload.user }),
      push('me.changed', [ROOMS.user(e.payload.user.id)], { deleted: false }),
      ...(e.payload.revoked_sessions.length ? [push('session.revoked', e.payload.revoked_sessions.map(sessionRoom), {})] : []),
    ],
    effects: {
      revalidateUser: e.payload.access_changed ? e.payload.user.id : undefined,
      endSessions: e.payload.revoked_sessions,
    },
  }),
  'user.deleted': (e) => ({
    pushes: [push('user.deleted', [ROOMS.users], { id: e.payload.user_id }), push('session.revoked', [ROOMS.user(e.payload.user_id)], {})],
    effects: { endUser: e.payload.user_id },
  }),

  'external-event.created': (e) => ({
    pushes: [
      push('external-event.created', [ROOMS.externalEvents], { event: e.payload.event }),
      ...(e.payload.event.status === 'draft' ? [] : [publicChanged()]),
    ],
  }),
  'external-event.updated': (e) => ({
    pushes: [push('external-event.updated', staffEvent(e.payload.event.id), { event: e.payload.event }), publicChanged(e.payload.event.id)],
    effects: { counts: [e.payload.event.id] },
  }),
  'external-event.deleted': (e) => ({
    pushes: [push('external-event.deleted', staffEvent(e.payload.event_id), { id: e.payload.event_id }), publicChanged(e.payload.event_id)],
  }),
  'external-event.featured-toggled': (e) => ({
    pushes: [publicChanged()],
    effects: { counts: e.payload.affected_ids },
  }),
  'registration.created': (e) => ({
    pushes: [
      push('registrations.created', [ROOMS.externalEvent(e.payload.event_id)], {
        event_id: e.payload.event_id,
        registrations: [e.payload.registration],
      }),
    ],
    effects: { counts: [e.payload.event_id] },
  }),
  'registration.confirmed': (e) => ({
    pushes: [
      push('registration.updated', [ROOMS.externalEvent(e.payload.event_id)], {
        event_id: e.payload.event_id,
        registration: e.payload.registration,
      }),
    ],
  }),
  'registration.unconfirmed': (e) => ({
    pushes: [
      push('registration.updated', [ROOMS.externalEvent(e.payload.event_id)], {
        event_id: e.payload.event_id,
        registration: e.payload.registration,
      }),
    ],
  }),
  'registration.deleted': (e) => ({
    pushes: [
      push('registration.deleted', [ROOMS.externalEvent(e.payload.event_id)], {
        event_id: e.payload.event_id,
        id: e.payload.registration_id,
      }),
    ],
    effects: { counts: [e.payload.event_id] },
  }),
  'persona.created': (e) => ({ pushes: [push('personas.changed', [ROOMS.personas], { reason: 'created', id: e.payload.persona_id })] }),
  'persona.updated': (e) => ({ pushes: [push('personas.changed', [ROOMS.personas], { reason: 'updated', id: e.payload.persona_id })] }),
  'persona.deleted': (e) => ({ pushes: [push('personas.changed', [ROOMS.personas], { reason: 'deleted', id: e.payload.persona_id })] }),
  'catalogue.value-added': (e) => ({ pushes: [push('catalogue.added', [ROOMS.personas], { type: e.payload.type, item: e.payload.item })] }),
  // Progress and the end of an import reach the room from the worker directly (import.progress).
  'persona-import.requested': () => ({ pushes: [] }),
  'persona-import.completed': () => ({ pushes: [push('personas.changed', [ROOMS.personas], { reason: 'imported', id: null })] }),
};

/**
 * Pushes that combine: within one relay batch, a push of one of these events to the same rooms as
 * an earlier one is appended to it instead of sent on its own. Only for pushes about NEW things, so
 * moving one earlier never puts it after a later push about the same thing.
 */
const MERGES: { [E in ServerEventName]?: (into: PushPayload<E>['data'], next: PushPayload<E>['data']) => boolean } = {
  'registrations.created': (into, next) => {
    if (into.event_id !== next.event_id) return false;
    into.registrations.push(...next.registrations);
    return true;
  },
};

/** A push and the domain events it carries (several once merged). */
export interface RoutedPush {
  spec: PushSpec;
  eventIds: string[];
  occurredAt: Date;
}

/** The pushes of a batch of events, in order, with the mergeable ones combined (see MERGES). */
export function mergePushes(pushes: RoutedPush[]): RoutedPush[] {
  const out: RoutedPush[] = [];
  const open = new Map<string, RoutedPush>();
  for (const p of pushes) {
    const merge = MERGES[p.spec.event] as ((into: unknown, next: unknown) => boolean) | undefined;
    if (!merge) {
      out.push(p);
      continue;
    }
    const key = `${p.spec.event}|${p.spec.rooms.join(',')}`;
    const target = open.get(key);
    if (target && merge(target.spec.data, p.spec.data)) {
      target.eventIds.push(...p.eventIds);
      continue;
    }
    // A copy: its data grows as later pushes are appended.
    const copy: RoutedPush = {
      spec: { ...p.spec, data: structuredClone(p.spec.data) },
      eventIds: [...p.eventIds],
      occurredAt: p.occurredAt,
    };
    open.set(key, copy);
    out.push(copy);
  }
  return out;
}

export function routeEvent(e: StoredDomainEvent): { pushes: PushSpec[]; effects?: SocketEffects } {
  return (PUSH_ROUTES[e.type] as Route<DomainEventType>)(e);
}
