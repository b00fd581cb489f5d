import type { PersonaImportResponse } from '@shared/contracts/personas.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/personas/import-csv/{import_id} → status, progress and, when done, the counts and row errors. */
export function getImport(importId: string): Promise<PersonaImportResponse> {
  return apiRequest<PersonaImportResponse>(`/api/personas/import-csv/${encodeURIComponent(importId)}`);
}
