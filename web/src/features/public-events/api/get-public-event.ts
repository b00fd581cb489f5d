import type { PublicEventPageResponse } from '@shared/contracts/external-events.contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/eventos/{slug} → { event, is_preview, is_completed, is_cancelled }. The bearer token goes
 * along when there is one (a draft is shown in preview only to authorized staff); 404 → not found.
 */
export function getPublicEvent(slug: string): Promise<PublicEventPageResponse> {
  return apiRequest<PublicEventPageResponse>(`/api/eventos/${encodeURIComponent(slug)}`, { auth: 'optional' });
}
