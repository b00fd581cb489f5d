import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/eventos-externos/{id} → { message } (drafts only; 409 otherwise). */
export function deleteExternalEvent(id: number): Promise<{ message?: string }> {
  return apiRequest<{ message?: string }>(`/api/eventos-externos/${id}`, { method: 'DELETE' });
}
