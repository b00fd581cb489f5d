import type { InternalEventPayload, InternalEventResponse } from '@shared/contracts/internal-events.contract';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/eventos-internos/{id} → { evento, message } */
export function updateInternalEvent(
  id: number,
  payload: InternalEventPayload,
): Promise<{ evento: InternalEventResponse; message: string }> {
  return apiRequest(`/api/eventos-internos/${id}`, { method: 'PUT', body: payload });
}
