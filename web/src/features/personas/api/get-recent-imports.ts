import type { PersonaImportResponse } from '@shared/contracts/personas.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/personas/import-csv → { imports } (the 5 most recent, newest first). */
export function getRecentImports(): Promise<{ imports: PersonaImportResponse[] }> {
  return apiRequest<{ imports: PersonaImportResponse[] }>('/api/personas/import-csv', { ignoreUnauthorized: true });
}
