import type { ExternalEventInput, ExternalEventSaved } from '@shared/contracts/external-events.contract';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/eventos-externos/{id} → { event, message } (422 when the capacity is below the registrations). */
export function updateExternalEvent(id: number, payload: ExternalEventInput): Promise<ExternalEventSaved> {
  return apiRequest<ExternalEventSaved>(`/api/eventos-externos/${id}`, { method: 'PUT', body: payload });
}
