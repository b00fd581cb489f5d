import type { ProgramaInput, ProgramaSaved } from '@shared/contracts/programs.contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/programas-servicios → { programa, message }. */
export function createPrograma(payload: ProgramaInput): Promise<ProgramaSaved> {
  return apiRequest<ProgramaSaved>('/api/programas-servicios', { method: 'POST', body: payload });
}
