import type { PublicExternalEvent } from '@shared/contracts/external-events.contract';
import { apiRequest } from '../../../lib/api-client';
import { startEarly, takeEarly } from '../../../lib/early';

const PATH = '/api/public/eventos';
const request = () => apiRequest<{ events: PublicExternalEvent[] }>(PATH, { auth: 'none' });

/** GET /api/public/eventos → { events } (published events, the featured one flagged is_featured). No token. */
export function getPublicEvents(): Promise<{ events: PublicExternalEvent[] }> {
  return takeEarly(PATH, request);
}

/** The landing opened directly: the list is asked for before React renders (lib/early.ts). */
export function prefetchPublicEvents(): void {
  startEarly(PATH, request);
}
