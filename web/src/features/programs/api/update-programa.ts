import type { ProgramaInput, ProgramaSaved } from '@shared/contracts/programs.contract';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/programas-servicios/{id} with the whole form → { programa, message }. */
export function updatePrograma(id: number, payload: ProgramaInput): Promise<ProgramaSaved> {
  return apiRequest<ProgramaSaved>(`/api/programas-servicios/${id}`, { method: 'PUT', body: payload });
}
