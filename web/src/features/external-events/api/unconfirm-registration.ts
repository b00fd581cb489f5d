import type { ExternalRegistrationResponse } from '@shared/contracts/external-events.contract';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/eventos-externos/{id}/registrations/{registrationId}/unconfirm (attended → registered) → { registration, message } */
export function unconfirmRegistration(
  eventId: number,
  registrationId: number,
): Promise<{ registration: ExternalRegistrationResponse; message?: string }> {
  return apiRequest<{ registration: ExternalRegistrationResponse; message?: string }>(
    `/api/eventos-externos/${eventId}/registrations/${registrationId}/unconfirm`,
    { method: 'PUT' },
  );
}
