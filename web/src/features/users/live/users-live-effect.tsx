import { ROOMS } from '@shared/events/socket-events';
import { useLiveRoom, useSocketEvent } from '../../../lib/live';
import { loadUsers, removeUser, upsertUser } from '../stores/users-store';

/**
 * Joins room 'users' while the screen is open and applies user.created / user.updated / user.deleted
 * to the store; after a reconnect the list is refetched (pushes may have been missed). Renders nothing.
 */
export function UsersLiveEffect() {
  useLiveRoom(ROOMS.users, { onResync: () => void loadUsers({ silent: true }) });
  useSocketEvent('user.created', (msg) => upsertUser(msg.data.user));
  useSocketEvent('user.updated', (msg) => upsertUser(msg.data.user));
  useSocketEvent('user.deleted', (msg) => removeUser(msg.data.id));
  return null;
}
