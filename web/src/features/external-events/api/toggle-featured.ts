import type { ExternalEventResponse } from '@shared/contracts/external-events.contract';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/eventos-externos/{id}/toggle-featured → { is_featured, event } (published events only). */
export function toggleFeatured(id: number): Promise<{ is_featured: boolean; event?: ExternalEventResponse }> {
  return apiRequest<{ is_featured: boolean; event?: ExternalEventResponse }>(`/api/eventos-externos/${id}/toggle-featured`, {
    method: 'PUT',
  });
}
