import type { PersonaResponse } from '@shared/contracts/personas.contract';
import { apiRequest } from '../../../lib/api-client';
import type { PersonaPayload } from './types';

/** POST /api/personas → 201 { persona, message } (422 field errors, 409 same name and phone). */
export function createPersona(payload: PersonaPayload): Promise<{ persona: PersonaResponse; message?: string }> {
  return apiRequest<{ persona: PersonaResponse; message?: string }>('/api/personas', { method: 'POST', body: payload });
}
