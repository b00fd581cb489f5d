import type { ChangePasswordRequest, SessionUserResponse } from '@shared/contracts/users.contract';
import { apiRequest } from '../../api-client';

/** POST /api/me/password — one's own password; the only way on while a generated one is in use. */
export function postPassword(input: ChangePasswordRequest): Promise<{ message: string; user: SessionUserResponse }> {
  return apiRequest<{ message: string; user: SessionUserResponse }>('/api/me/password', { method: 'POST', body: input });
}
