import type { AsistenteResponse, SeatRef } from '@shared/contracts/internal-events.contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/eventos-internos/{id}/check-in { code, seccion_id? } → { asistente, seat_assigned, already_checked_in, message } */
export function checkIn(
  id: number,
  code: string,
  seccionId?: number,
): Promise<{ asistente: AsistenteResponse; seat_assigned: SeatRef | null; already_checked_in: boolean; message: string }> {
  return apiRequest(`/api/eventos-internos/${id}/check-in`, {
    method: 'POST',
    body: seccionId ? { code, seccion_id: seccionId } : { code },
  });
}
