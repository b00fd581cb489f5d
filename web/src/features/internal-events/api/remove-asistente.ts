import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/eventos-internos/{id}/asistentes/{personaId} → { message } */
export function removeAsistente(id: number, personaId: number): Promise<{ message: string }> {
  return apiRequest(`/api/eventos-internos/${id}/asistentes/${personaId}`, { method: 'DELETE' });
}
