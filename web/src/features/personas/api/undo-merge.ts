import type { MergeResponse } from '@shared/contracts/personas.contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/personas/fusiones/{id}/deshacer → the merge, undone. */
export function undoMerge(id: string): Promise<MergeResponse & { message?: string }> {
  return apiRequest<MergeResponse & { message?: string }>(`/api/personas/fusiones/${id}/deshacer`, { method: 'POST' });
}
