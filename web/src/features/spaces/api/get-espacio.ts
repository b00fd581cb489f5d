import type { EspacioResponse } from '@shared/contracts/spaces.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/espacios/{id} → { espacio } with its sections. */
export function getEspacio(id: number): Promise<{ espacio: EspacioResponse }> {
  return apiRequest<{ espacio: EspacioResponse }>(`/api/espacios/${id}`);
}
