import type { PublicEventPageResponse } from '@shared/contracts/external-events.contract';
import { apiRequest } from '../../../lib/api-client';
import { startEarly, takeEarly } from '../../../lib/early';

const path = (slug: string) => `/api/eventos/${encodeURIComponent(slug)}`;
const request = (slug: string) => apiRequest<PublicEventPageResponse>(path(slug), { auth: 'optional' });

/**
 * GET /api/eventos/{slug} → { event, is_preview, is_completed, is_cancelled }. The bearer token goes
 * along when there is one (a draft is shown in preview only to authorized staff); 404 → not found.
 */
export function getPublicEvent(slug: string): Promise<PublicEventPageResponse> {
  return takeEarly(path(slug), () => request(slug));
}

/** The event's page opened directly: asked for while the page's code loads (lib/early.ts). */
export function prefetchPublicEvent(slug: string): void {
  startEarly(path(slug), () => request(slug));
}
