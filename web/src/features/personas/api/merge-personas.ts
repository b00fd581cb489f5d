import type { MergeRequest, MergeResponse } from '@shared/contracts/personas.contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/personas/fusiones {sobreviviente_id, fusionar_ids, campos} → the merge (its id undoes it). */
export function mergePersonas(body: MergeRequest): Promise<MergeResponse & { message?: string }> {
  return apiRequest<MergeResponse & { message?: string }>('/api/personas/fusiones', { method: 'POST', body });
}
