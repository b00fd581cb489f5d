import type { FeaturedEvent, FeaturedEventResponse } from '@shared/contracts/external-events.contract';
import { apiRequest } from '../../../lib/api-client';

export type { FeaturedEvent };

/** GET /api/public/featured-event (public, no token). */
export function getFeaturedEvent(): Promise<FeaturedEventResponse> {
  return apiRequest<FeaturedEventResponse>('/api/public/featured-event', { auth: 'none' });
}
