import type { EspacioInput, EspacioResponse } from '@shared/contracts/spaces.contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/espacios with nombre, descripcion, secciones, pasillos, layout_config → { espacio, message }. */
export function createEspacio(body: EspacioInput): Promise<{ espacio: EspacioResponse; message: string }> {
  return apiRequest<{ espacio: EspacioResponse; message: string }>('/api/espacios', { method: 'POST', body });
}
