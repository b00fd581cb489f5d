import type { EspacioInput, EspacioResponse } from '@shared/contracts/spaces.contract';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/espacios/{id}, the same payload as creation → { espacio, message }. */
export function updateEspacio(id: number, body: EspacioInput): Promise<{ espacio: EspacioResponse; message: string }> {
  return apiRequest<{ espacio: EspacioResponse; message: string }>(`/api/espacios/${id}`, { method: 'PUT', body });
}
