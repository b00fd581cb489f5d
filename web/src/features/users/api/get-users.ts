import type { UserResponse } from '@shared/contracts/users.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/users */
export function getUsers(): Promise<{ users: UserResponse[] }> {
  return apiRequest<{ users: UserResponse[] }>('/api/users');
}
