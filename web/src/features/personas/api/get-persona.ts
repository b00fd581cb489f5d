import type { PersonaResponse } from '@shared/contracts/personas.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/personas/{id} → { persona } */
export function getPersona(id: number): Promise<{ persona: PersonaResponse }> {
  return apiRequest<{ persona: PersonaResponse }>(`/api/personas/${id}`);
}
