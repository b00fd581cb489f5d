import type { AsistenteResponse, Confirmacion, SeatRef } from '@shared/contracts/internal-events.contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * PUT /api/eventos-internos/{id}/asistentes/{personaId} { confirmacion, seccion_id? } → { asistente, seat_assigned, message }.
 * With seccion_id (asistio without a seat) the server gives the seat and sets the status in one operation.
 */
export function updateAsistente(
  id: number,
  personaId: number,
  confirmacion: Confirmacion,
  seccionId?: number,
): Promise<{ asistente: AsistenteResponse; seat_assigned: SeatRef | null; message: string }> {
  return apiRequest(`/api/eventos-internos/${id}/asistentes/${personaId}`, {
    method: 'PUT',
    body: seccionId ? { confirmacion, seccion_id: seccionId } : { confirmacion },
  });
}
