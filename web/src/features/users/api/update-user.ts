import type { UserResponse } from '@shared/contracts/users.contract';
import { apiRequest } from '../../../lib/api-client';
import type { UserPayload } from './types';

/** PUT /api/users/{id} → { user, message }; password and confirmation only when set. */
export function updateUser(id: number, payload: UserPayload): Promise<{ user: UserResponse; message?: string }> {
  return apiRequest<{ user: UserResponse; message?: string }>(`/api/users/${id}`, { method: 'PUT', body: payload });
}
