import { apiRequest } from '../../../lib/api-client';

export interface FeaturedEvent {
  title: string;
  slug: string;
  image_url: string | null;
  event_date: string;
  location: string;
}

/** GET /api/public/featured-event (public, no token). */
export function getFeaturedEvent(): Promise<{ featured_event: FeaturedEvent | null }> {
  return apiRequest<{ featured_event: FeaturedEvent | null }>('/api/public/featured-event', { auth: 'none' });
}
