import type { ProgramaResponse } from '@shared/contracts/programs.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/programas-servicios → { programas }. */
export function getProgramas(): Promise<{ programas: ProgramaResponse[] }> {
  return apiRequest<{ programas: ProgramaResponse[] }>('/api/programas-servicios');
}
