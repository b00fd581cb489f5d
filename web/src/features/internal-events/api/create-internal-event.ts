import type { InternalEventPayload, InternalEventResponse } from '@shared/contracts/internal-events.contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/eventos-internos → 201 { evento, message } */
export function createInternalEvent(payload: InternalEventPayload): Promise<{ evento: InternalEventResponse; message: string }> {
  return apiRequest('/api/eventos-internos', { method: 'POST', body: payload });
}
