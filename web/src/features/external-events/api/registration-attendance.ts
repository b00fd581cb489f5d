import type { ExternalRegistrationResponse } from '@shared/contracts/external-events.contract';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/eventos-externos/{id}/registrations/{registrationId}/{confirm|unconfirm} → { registration, message } */
function setAttendance(
  eventId: number,
  registrationId: number,
  action: 'confirm' | 'unconfirm',
): Promise<{ registration: ExternalRegistrationResponse; message?: string }> {
  return apiRequest<{ registration: ExternalRegistrationResponse; message?: string }>(
    `/api/eventos-externos/${eventId}/registrations/${registrationId}/${action}`,
    { method: 'PUT' },
  );
}

/** Registered → attended. */
export const confirmRegistration = (eventId: number, registrationId: number) => setAttendance(eventId, registrationId, 'confirm');

/** Attended → registered. */
export const unconfirmRegistration = (eventId: number, registrationId: number) => setAttendance(eventId, registrationId, 'unconfirm');
