import type { PublicExternalEvent } from '@shared/contracts/external-events.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/public/eventos → { events } (published events, the featured one flagged is_featured). No token. */
export function getPublicEvents(): Promise<{ events: PublicExternalEvent[] }> {
  return apiRequest<{ events: PublicExternalEvent[] }>('/api/public/eventos', { auth: 'none' });
}
