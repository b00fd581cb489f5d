import type { UserResponse } from '@shared/contracts/users.contract';
import { apiRequest } from '../../../lib/api-client';
import type { UserPayload } from './types';

/** POST /api/users → 201 { user, message } */
export function createUser(payload: UserPayload): Promise<{ user: UserResponse; message?: string }> {
  return apiRequest<{ user: UserResponse; message?: string }>('/api/users', { method: 'POST', body: payload });
}
