import type { ExternalEventResponse, ExternalRegistrationResponse } from '@shared/contracts/external-events.contract';
import { apiRequest } from '../../../lib/api-client';

export interface EventRegistrationsResponse {
  event: ExternalEventResponse;
  registrations: ExternalRegistrationResponse[];
}

/** GET /api/eventos-externos/{id}/registrations → { event, registrations } (newest first). */
export function getEventRegistrations(eventId: number): Promise<EventRegistrationsResponse> {
  return apiRequest<EventRegistrationsResponse>(`/api/eventos-externos/${eventId}/registrations`);
}
