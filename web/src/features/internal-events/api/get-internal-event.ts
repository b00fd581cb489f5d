import type { InternalEventResponse } from '@shared/contracts/internal-events.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/eventos-internos/{id} → { evento } */
export function getInternalEvent(id: number): Promise<{ evento: InternalEventResponse }> {
  return apiRequest(`/api/eventos-internos/${id}`);
}
