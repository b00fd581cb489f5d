import type { EspacioResponse } from '@shared/contracts/spaces.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/espacios → { espacios } (newest first, inactive included). */
export function getEspacios(): Promise<{ espacios: EspacioResponse[] }> {
  return apiRequest<{ espacios: EspacioResponse[] }>('/api/espacios');
}
