/** The users table (spec 1 §2.5): loaded from GET /api/users, kept current by pushes on room 'users'. */
import { proxy } from 'valtio';
import type { UserResponse } from '@shared/contracts/users.contract';
import { normalizePermissions } from '@shared/permissions';
import { type LoadState, createListLoader, notLoaded } from '../../../lib/loader';
import { getUsers } from '../api/get-users';
import { removeById, upsertById } from '../../../lib/list';

export const usersState = proxy<{ users: UserResponse[] } & LoadState>({ users: [], ...notLoaded() });

function normalize(user: UserResponse): UserResponse {
  return { ...user, permissions: normalizePermissions(user.permissions).value };
}

/** Loads the list; `silent` keeps the table on screen (resync after a reconnect). */
export const loadUsers = createListLoader(
  usersState,
  getUsers,
  ({ users }) => {
    usersState.users = users.map(normalize);
  },
  'Error al cargar usuarios',
);

/** Adds or replaces one user (create/update answers and user.created / user.updated pushes). */
export function upsertUser(user: UserResponse): void {
  upsertById(usersState.users, normalize(user));
}

/** Removes one user (delete answer and user.deleted push). */
export function removeUser(id: number): void {
  removeById(usersState.users, id);
}
