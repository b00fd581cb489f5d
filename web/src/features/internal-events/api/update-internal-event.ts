import type { InternalEventResponse } from '@shared/contracts/internal-events.contract';
import { apiRequest } from '../../../lib/api-client';
import type { InternalEventPayload } from './types';

/** PUT /api/eventos-internos/{id} → { evento, message } */
export function updateInternalEvent(
  id: number,
  payload: InternalEventPayload,
): Promise<{ evento: InternalEventResponse; message: string }> {
  return apiRequest(`/api/eventos-internos/${id}`, { method: 'PUT', body: payload });
}
