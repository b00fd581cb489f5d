import type { AvailablePersonasResponse } from '@shared/contracts/internal-events.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/eventos-internos/{id}/available-personas?page&search → one page of 50, searched on the server. */
export function getAvailablePersonas(id: number, page: number, search: string, signal?: AbortSignal): Promise<AvailablePersonasResponse> {
  const q = new URLSearchParams({ page: String(page) });
  if (search.trim()) q.set('search', search.trim());
  return apiRequest(`/api/eventos-internos/${id}/available-personas?${q.toString()}`, { signal });
}
