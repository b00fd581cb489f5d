import type { PublicInternalEvent } from '@shared/contracts/internal-events.contract';
import { apiRequest } from '../../../lib/api-client';
import { startEarly, takeEarly } from '../../../lib/early';

const path = (slugOrId: string) => `/api/eventos-internos/public/${encodeURIComponent(slugOrId)}`;
const request = (slugOrId: string) => apiRequest<{ evento: PublicInternalEvent }>(path(slugOrId), { auth: 'optional' });

/** GET /api/eventos-internos/public/{slugOrId} → { evento } (no attendee data). */
export function getPublicInternalEvent(slugOrId: string): Promise<{ evento: PublicInternalEvent }> {
  return takeEarly(path(slugOrId), () => request(slugOrId));
}

/** The invitation's page opened directly: asked for while the page's code loads (lib/early.ts). */
export function prefetchPublicInternalEvent(slugOrId: string): void {
  startEarly(path(slugOrId), () => request(slugOrId));
}
