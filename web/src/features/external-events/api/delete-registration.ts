import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/eventos-externos/{id}/registrations/{registrationId} → { message } */
export function deleteRegistration(eventId: number, registrationId: number): Promise<{ message?: string }> {
  return apiRequest<{ message?: string }>(`/api/eventos-externos/${eventId}/registrations/${registrationId}`, { method: 'DELETE' });
}
