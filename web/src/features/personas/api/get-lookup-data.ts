import type { LookupData } from '@shared/contracts/personas.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/personas/lookup-data → the five catalogues, the cities of Nuevo León, the states and the address defaults. */
export function getLookupData(): Promise<LookupData> {
  return apiRequest<LookupData>('/api/personas/lookup-data', { ignoreUnauthorized: true });
}
