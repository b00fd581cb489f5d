import type { ExternalEventInput, ExternalEventSaved } from '@shared/contracts/external-events.contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/eventos-externos → 201 { event, message } */
export function createExternalEvent(payload: ExternalEventInput): Promise<ExternalEventSaved> {
  return apiRequest<ExternalEventSaved>('/api/eventos-externos', { method: 'POST', body: payload });
}
