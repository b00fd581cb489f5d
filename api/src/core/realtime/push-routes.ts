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
}

const push = <E extends ServerEventName>(event: E, rooms: string[], data: PushPayload<E>['data']): PushSpec =>
  ({ event, rooms, data }) as PushSpec;

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
};

export function routeEvent(e: StoredDomainEvent): { pushes: PushSpec[]; effects?: SocketEffects } {
  return (PUSH_ROUTES[e.type] as Route<DomainEventType>)(e);
}
