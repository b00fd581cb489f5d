import { ROOMS } from '@shared/events/socket-events';
import { push, type PushRoutes } from '@core/realtime/push-routes';
import { sessionRoom } from '@core/realtime/room-policy';

/** Sign-in events: a logout ends that session's sockets; a self-registered account joins the users table. */
export const AUTH_PUSH_ROUTES: PushRoutes<'auth.logged-in' | 'auth.logged-out' | 'auth.registered'> = {
  'auth.logged-in': () => ({ pushes: [] }),
  'auth.logged-out': (e) => ({
    pushes: [push('session.revoked', [sessionRoom(e.payload.session_id)], {})],
    effects: { endSessions: [e.payload.session_id] },
  }),
  'auth.registered': (e) => ({ pushes: [push('user.created', [ROOMS.users], { user: e.payload.user })] }),
};
