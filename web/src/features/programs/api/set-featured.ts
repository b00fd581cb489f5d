import type { ProgramaResponse } from '@shared/contracts/programs.contract';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/programas-servicios/{id} with es_destacado alone (the star, spec 3 §4) → { programa }. */
export function setFeatured(id: number, esDestacado: boolean): Promise<{ programa: ProgramaResponse }> {
  return apiRequest<{ programa: ProgramaResponse }>(`/api/programas-servicios/${id}`, {
    method: 'PUT',
    body: { es_destacado: esDestacado },
  });
}
