import type { ImportDuplicates } from '@shared/contracts/personas.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/personas/import-csv/{id}/duplicados → the import's rows skipped by name and its review list. */
export function getImportDuplicates(importId: string): Promise<ImportDuplicates> {
  return apiRequest<ImportDuplicates>(`/api/personas/import-csv/${encodeURIComponent(importId)}/duplicados`);
}
