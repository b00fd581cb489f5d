import { apiRequest } from '../../../lib/api-client';

/** POST /api/personas/duplicados/descartar {persona_ids: [a, b]} → 'No es duplicado'. */
export function dismissDuplicate(ids: [number, number]): Promise<{ message?: string }> {
  return apiRequest<{ message?: string }>('/api/personas/duplicados/descartar', { method: 'POST', body: { persona_ids: ids } });
}
