import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/programas-servicios/{id} (drafts only) → { message }. */
export function deletePrograma(id: number): Promise<{ message?: string }> {
  return apiRequest<{ message?: string }>(`/api/programas-servicios/${id}`, { method: 'DELETE' });
}
