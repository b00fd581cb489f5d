import type { EspacioResponse } from '@shared/contracts/spaces.contract';
import { apiRequest } from '../../../lib/api-client';

/** PATCH /api/espacios/{id}/toggle-active → { espacio, is_active, message }. */
export function toggleEspacioActive(id: number): Promise<{ espacio: EspacioResponse; is_active: boolean; message: string }> {
  return apiRequest<{ espacio: EspacioResponse; is_active: boolean; message: string }>(`/api/espacios/${id}/toggle-active`, {
    method: 'PATCH',
  });
}
