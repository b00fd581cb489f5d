import type { InternalEventResponse } from '@shared/contracts/internal-events.contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/eventos-internos/{id}/assign-espacio { espacio_id, permite_seleccion_asiento, replace_existing }.
 * 409 with requires_confirmation when seats are assigned and replace_existing is false.
 */
export function assignEspacio(
  id: number,
  espacioId: number | null,
  replaceExisting: boolean,
): Promise<{ message: string; released_count: number; event: InternalEventResponse }> {
  return apiRequest(`/api/eventos-internos/${id}/assign-espacio`, {
    method: 'POST',
    body: { espacio_id: espacioId, permite_seleccion_asiento: true, replace_existing: replaceExisting },
  });
}
