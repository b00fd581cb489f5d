import { apiRequest } from '../../api-client';

/** POST /api/logout — the answer is unused; the local session is cleared whatever happens. */
export function postLogout(): Promise<unknown> {
  return apiRequest<unknown>('/api/logout', { method: 'POST', ignoreUnauthorized: true });
}
