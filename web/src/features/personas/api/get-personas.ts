import type { PersonasPage } from '@shared/contracts/personas.contract';
import { apiRequest } from '../../../lib/api-client';
import type { PersonasQuery } from './types';

/**
 * GET /api/personas?page&search&sector_id&empresa_id&completeness_level → one page of 10 (server order).
 * A 401 is left to the screen (it alerts 'Sesión expirada…' before going to /login, spec 3 §8).
 */
export function getPersonas(query: PersonasQuery, signal?: AbortSignal): Promise<PersonasPage> {
  const params = new URLSearchParams({ page: String(query.page) });
  const search = query.search.trim();
  if (search) params.set('search', search);
  if (query.sector_id) params.set('sector_id', query.sector_id);
  if (query.empresa_id) params.set('empresa_id', query.empresa_id);
  if (query.completeness_level) params.set('completeness_level', query.completeness_level);
  return apiRequest<PersonasPage>(`/api/personas?${params.toString()}`, { signal, ignoreUnauthorized: true });
}
