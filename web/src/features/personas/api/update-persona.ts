import type { PersonaResponse } from '@shared/contracts/personas.contract';
import { apiRequest } from '../../../lib/api-client';
import type { PersonaPayload } from './types';

/** PUT /api/personas/{id} → { persona, message } */
export function updatePersona(id: number, payload: PersonaPayload): Promise<{ persona: PersonaResponse; message?: string }> {
  return apiRequest<{ persona: PersonaResponse; message?: string }>(`/api/personas/${id}`, { method: 'PUT', body: payload });
}
