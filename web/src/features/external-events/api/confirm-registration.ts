import type { ExternalRegistrationResponse } from '@shared/contracts/external-events.contract';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/eventos-externos/{id}/registrations/{registrationId}/confirm (registered → attended) → { registration, message } */
export function confirmRegistration(
  eventId: number,
  registrationId: number,
): Promise<{ registration: ExternalRegistrationResponse; message?: string }> {
  return apiRequest<{ registration: ExternalRegistrationResponse; message?: string }>(
    `/api/eventos-externos/${eventId}/registrations/${registrationId}/confirm`,
    { method: 'PUT' },
  );
}
