import type { ProgramaResponse } from '@shared/contracts/programs.contract';
import { apiRequest } from '../../../lib/api-client';
import type { ProgramaPayload } from './types';

/** PUT /api/programas-servicios/{id} with the whole form → { programa, message }. */
export function updatePrograma(id: number, payload: ProgramaPayload): Promise<{ programa: ProgramaResponse; message?: string }> {
  return apiRequest<{ programa: ProgramaResponse; message?: string }>(`/api/programas-servicios/${id}`, { method: 'PUT', body: payload });
}
