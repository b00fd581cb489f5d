import type { PersonasStats } from '@shared/contracts/personas.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/personas/stats (a 401 is left to the screen, like the list) → { total, green, orange, red, greenPercent, orangePercent, redPercent } */
export function getPersonaStats(): Promise<PersonasStats> {
  return apiRequest<PersonasStats>('/api/personas/stats', { ignoreUnauthorized: true });
}
