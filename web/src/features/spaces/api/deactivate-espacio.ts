import type { EspacioResponse } from '@shared/contracts/spaces.contract';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/espacios/{id}: deactivates (the data stays) → { espacio, message }. */
export function deactivateEspacio(id: number): Promise<{ espacio: EspacioResponse; message: string }> {
  return apiRequest<{ espacio: EspacioResponse; message: string }>(`/api/espacios/${id}`, { method: 'DELETE' });
}
