import type { ExternalEventResponse } from '@shared/contracts/external-events.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/eventos-externos → { events } (newest event date first). */
export function getExternalEvents(): Promise<{ events: ExternalEventResponse[] }> {
  return apiRequest<{ events: ExternalEventResponse[] }>('/api/eventos-externos');
}
