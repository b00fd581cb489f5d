import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/users/{id} → { message } */
export function deleteUser(id: number): Promise<{ message?: string }> {
  return apiRequest<{ message?: string }>(`/api/users/${id}`, { method: 'DELETE' });
}
