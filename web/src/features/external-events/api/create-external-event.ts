import type { ExternalEventResponse } from '@shared/contracts/external-events.contract';
import { apiRequest } from '../../../lib/api-client';
import type { ExternalEventPayload } from './types';

/** POST /api/eventos-externos → 201 { event, message } */
export function createExternalEvent(payload: ExternalEventPayload): Promise<{ event: ExternalEventResponse; message?: string }> {
  return apiRequest<{ event: ExternalEventResponse; message?: string }>('/api/eventos-externos', { method: 'POST', body: payload });
}
