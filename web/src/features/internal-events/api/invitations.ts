import type { InvitationJobResponse, InvitationRequestResponse } from '@shared/contracts/internal-events.contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/eventos-internos/{id}/invitations { persona_ids? } → 202 { message, job } (omitted: every pending attendee with an e-mail). */
export function sendInvitations(id: number, personaIds?: number[]): Promise<InvitationRequestResponse> {
  return apiRequest(`/api/eventos-internos/${id}/invitations`, { method: 'POST', body: personaIds ? { persona_ids: personaIds } : {} });
}

/** GET /api/eventos-internos/{id}/invitations → { job } (the event's last request, or null). */
export function getLastInvitationJob(id: number): Promise<{ job: InvitationJobResponse | null }> {
  return apiRequest(`/api/eventos-internos/${id}/invitations`);
}
