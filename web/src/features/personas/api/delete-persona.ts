import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/personas/{id} → { message } */
export function deletePersona(id: number): Promise<{ message?: string }> {
  return apiRequest<{ message?: string }>(`/api/personas/${id}`, { method: 'DELETE' });
}
