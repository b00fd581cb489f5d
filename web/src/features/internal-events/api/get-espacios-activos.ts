import { apiRequest } from '../../../lib/api-client';
import type { EspacioActivo } from './types';

/** GET /api/espacios-activos → { espacios } (the spaces module's list of active spaces). */
export function getEspaciosActivos(): Promise<{ espacios: EspacioActivo[] }> {
  return apiRequest('/api/espacios-activos');
}
