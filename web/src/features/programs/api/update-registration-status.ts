import type { ProgramRegistrationResponse, ProgramRegistrationStatus } from '@shared/contracts/programs.contract';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/programas-servicios/{id}/registrations/{registrationId}/status → { registration, message }. */
export function updateRegistrationStatus(
  programaId: number,
  registrationId: number,
  status: ProgramRegistrationStatus,
): Promise<{ registration: ProgramRegistrationResponse; message?: string }> {
  return apiRequest<{ registration: ProgramRegistrationResponse; message?: string }>(
    `/api/programas-servicios/${programaId}/registrations/${registrationId}/status`,
    { method: 'PUT', body: { status } },
  );
}
