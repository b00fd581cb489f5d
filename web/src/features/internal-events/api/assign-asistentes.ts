import type { AsistenteResponse } from '@shared/contracts/internal-events.contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/eventos-internos/{id}/asistentes { persona_ids, confirmacion: 'pendiente' } → { assigned_count, message, asistentes } */
export function assignAsistentes(
  id: number,
  personaIds: number[],
): Promise<{ assigned_count: number; message: string; asistentes: AsistenteResponse[] }> {
  return apiRequest(`/api/eventos-internos/${id}/asistentes`, {
    method: 'POST',
    body: { persona_ids: personaIds, confirmacion: 'pendiente' },
  });
}
