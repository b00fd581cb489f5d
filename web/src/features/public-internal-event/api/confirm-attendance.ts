import type { PublicConfirmResponse } from '@shared/contracts/internal-events.contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/eventos-internos/public/{slugOrId}/confirm { code } → { already_confirmed, message, persona: { nombre } } */
export function confirmAttendance(slugOrId: string, code: string): Promise<PublicConfirmResponse> {
  return apiRequest(`/api/eventos-internos/public/${encodeURIComponent(slugOrId)}/confirm`, {
    method: 'POST',
    body: { code },
    auth: 'none',
    idempotent: true,
  });
}
