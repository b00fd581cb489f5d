import type { PublicRegistrationAccepted, PublicRegistrationInput, WaitlistJoined } from '@shared/contracts/external-events.contract';
import type { ConsentInput } from '@shared/contracts/privacy-notice.contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/eventos/{slug}/register → 201 { message, registration: { id, status } }; 422 / 409 / 404 / 429 otherwise. */
export function registerForEvent(slug: string, payload: PublicRegistrationInput & ConsentInput): Promise<PublicRegistrationAccepted> {
  return apiRequest<PublicRegistrationAccepted>(`/api/eventos/${encodeURIComponent(slug)}/register`, {
    method: 'POST',
    body: payload,
    auth: 'none',
    idempotent: true,
  });
}

/** POST /api/eventos/{slug}/waitlist (same body) → 202 { message } for every address (confirmed by mail); 409 while places are free. */
export function joinWaitlist(slug: string, payload: PublicRegistrationInput & ConsentInput): Promise<WaitlistJoined> {
  return apiRequest<WaitlistJoined>(`/api/eventos/${encodeURIComponent(slug)}/waitlist`, {
    method: 'POST',
    body: payload,
    auth: 'none',
    idempotent: true,
  });
}
