import type { WaitlistResponse } from '@shared/contracts/external-events.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/eventos-externos/{id}/waitlist → { entries } (waiting and offered, in line order). */
export function getWaitlist(eventId: number): Promise<WaitlistResponse> {
  return apiRequest<WaitlistResponse>(`/api/eventos-externos/${eventId}/waitlist`);
}

/** DELETE /api/eventos-externos/{id}/waitlist/{entryId} → { message }; a place held for them goes to the next. */
export function removeFromWaitlist(eventId: number, entryId: number): Promise<{ message?: string }> {
  return apiRequest<{ message?: string }>(`/api/eventos-externos/${eventId}/waitlist/${entryId}`, { method: 'DELETE' });
}
