import type { PublicRegistrationAccepted, PublicRegistrationInput } from '@shared/contracts/external-events.contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/eventos/{slug}/register → 201 { message, registration: { id, status } }; 422 / 409 / 404 / 429 otherwise. */
export function registerForEvent(slug: string, payload: PublicRegistrationInput): Promise<PublicRegistrationAccepted> {
  return apiRequest<PublicRegistrationAccepted>(`/api/eventos/${encodeURIComponent(slug)}/register`, {
    method: 'POST',
    body: payload,
    auth: 'none',
  });
}
