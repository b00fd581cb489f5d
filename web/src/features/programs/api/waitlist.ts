import type { ProgramWaitlistResponse } from '@shared/contracts/programs.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/programas-servicios/{id}/waitlist → { entries } (waiting and offered, in line order). */
export function getProgramWaitlist(programaId: number): Promise<ProgramWaitlistResponse> {
  return apiRequest<ProgramWaitlistResponse>(`/api/programas-servicios/${programaId}/waitlist`);
}

/** DELETE /api/programas-servicios/{id}/waitlist/{entryId} → { message }; a place held for them goes to the next. */
export function removeFromProgramWaitlist(programaId: number, entryId: number): Promise<{ message?: string }> {
  return apiRequest<{ message?: string }>(`/api/programas-servicios/${programaId}/waitlist/${entryId}`, { method: 'DELETE' });
}
