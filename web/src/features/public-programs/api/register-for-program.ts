import type { ProgramApplicationAccepted, ProgramApplicationInput } from '@shared/contracts/programs.contract';
import type { ConsentInput } from '@shared/contracts/privacy-notice.contract';
import type { WaitlistJoined } from '@shared/contracts/waitlist.contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/programas/{slug}/register (with the notice version the form showed, if known) → 201 { message, registration }; 422 / 409 / 404 / 429 otherwise. */
export function registerForProgram(slug: string, payload: ProgramApplicationInput & ConsentInput): Promise<ProgramApplicationAccepted> {
  return apiRequest<ProgramApplicationAccepted>(`/api/programas/${encodeURIComponent(slug)}/register`, {
    method: 'POST',
    body: payload,
    auth: 'none',
    idempotent: true,
  });
}

/** POST /api/programas/{slug}/waitlist (same body) → 202 { message } for every address (confirmed by mail); 409 while places are free or no limit. */
export function joinProgramWaitlist(slug: string, payload: ProgramApplicationInput & ConsentInput): Promise<WaitlistJoined> {
  return apiRequest<WaitlistJoined>(`/api/programas/${encodeURIComponent(slug)}/waitlist`, {
    method: 'POST',
    body: payload,
    auth: 'none',
    idempotent: true,
  });
}
