import type { DuplicatesPage } from '@shared/contracts/personas.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/personas/duplicados?page=N → possible duplicates, best first, 10 per page. */
export function getDuplicates(page: number): Promise<DuplicatesPage> {
  return apiRequest<DuplicatesPage>(`/api/personas/duplicados?page=${page}`);
}
