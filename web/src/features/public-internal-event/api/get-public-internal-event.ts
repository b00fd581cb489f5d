import type { PublicInternalEvent } from '@shared/contracts/internal-events.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/eventos-internos/public/{slugOrId} → { evento } (no attendee data). */
export function getPublicInternalEvent(slugOrId: string): Promise<{ evento: PublicInternalEvent }> {
  return apiRequest(`/api/eventos-internos/public/${encodeURIComponent(slugOrId)}`, { auth: 'optional' });
}
