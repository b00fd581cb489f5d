import type { ExternalEventResponse } from '@shared/contracts/external-events.contract';
import { apiRequest } from '../../../lib/api-client';
import type { ExternalEventPayload } from './types';

/** PUT /api/eventos-externos/{id} → { event, message } (422 when the capacity is below the registrations). */
export function updateExternalEvent(
  id: number,
  payload: ExternalEventPayload,
): Promise<{ event: ExternalEventResponse; message?: string }> {
  return apiRequest<{ event: ExternalEventResponse; message?: string }>(`/api/eventos-externos/${id}`, { method: 'PUT', body: payload });
}
