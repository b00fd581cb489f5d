import type { AsistenteResponse } from '@shared/contracts/internal-events.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/eventos-internos/{id}/asistentes → { asistentes } */
export function getAsistentes(id: number): Promise<{ asistentes: AsistenteResponse[] }> {
  return apiRequest(`/api/eventos-internos/${id}/asistentes`);
}
