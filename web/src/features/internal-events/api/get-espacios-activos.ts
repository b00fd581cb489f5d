import { apiRequest } from '../../../lib/api-client';
import type { EspacioResponse } from '@shared/contracts/spaces.contract';

/** GET /api/espacios-activos → { espacios } (the spaces module's list of active spaces). */
export function getEspaciosActivos(): Promise<{ espacios: EspacioResponse[] }> {
  return apiRequest('/api/espacios-activos');
}
