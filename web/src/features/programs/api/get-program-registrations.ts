import type { ProgramaResponse, ProgramRegistrationResponse } from '@shared/contracts/programs.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/programas-servicios/{id}/registrations → { programa, registrations } (newest first). */
export function getProgramRegistrations(id: number): Promise<{ programa: ProgramaResponse; registrations: ProgramRegistrationResponse[] }> {
  return apiRequest<{ programa: ProgramaResponse; registrations: ProgramRegistrationResponse[] }>(
    `/api/programas-servicios/${id}/registrations`,
  );
}
