import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/eventos-internos/{id} → { message } (only a borrador; 409 otherwise). */
export function deleteInternalEvent(id: number): Promise<{ message: string }> {
  return apiRequest(`/api/eventos-internos/${id}`, { method: 'DELETE' });
}
