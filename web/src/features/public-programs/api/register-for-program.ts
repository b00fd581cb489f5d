import type { ProgramApplicationAccepted, ProgramApplicationInput } from '@shared/contracts/programs.contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/programas/{slug}/register → 201 { message, registration }; 422 / 409 / 404 / 429 otherwise. */
export function registerForProgram(slug: string, payload: ProgramApplicationInput): Promise<ProgramApplicationAccepted> {
  return apiRequest<ProgramApplicationAccepted>(`/api/programas/${encodeURIComponent(slug)}/register`, {
    method: 'POST',
    body: payload,
    auth: 'none',
  });
}
