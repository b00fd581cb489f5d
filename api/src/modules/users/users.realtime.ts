import { ROOMS } from '@shared/events/socket-events';
import { push, type PushRoutes } from '@core/realtime/push-routes';
import type { RealtimeRegistry } from '@core/realtime/realtime-registry';
import { sessionRoom } from '@core/realtime/room-policy';

/** For each users domain event: the pushes (users table, the user's own channel) and the socket effects. */
export const USERS_PUSH_ROUTES: PushRoutes<'user.created' | 'user.updated' | 'user.deleted'> = {
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

export function registerUsersRealtime(registry: RealtimeRegistry): void {
  registry.rooms(new RegExp(`^${ROOMS.users}$`), (user) => !!user?.is_super_admin);
  registry.pushRoutes(USERS_PUSH_ROUTES);
}
