import type { ProgramaResponse } from '@shared/contracts/programs.contract';
import { apiRequest } from '../../../lib/api-client';
import type { ProgramaPayload } from './types';

/** POST /api/programas-servicios → { programa, message }. */
export function createPrograma(payload: ProgramaPayload): Promise<{ programa: ProgramaResponse; message?: string }> {
  return apiRequest<{ programa: ProgramaResponse; message?: string }>('/api/programas-servicios', { method: 'POST', body: payload });
}
