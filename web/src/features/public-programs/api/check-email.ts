import { apiRequest } from '../../../lib/api-client';

/** POST /api/programas/{slug}/check-email { email } → { exists } (limited per connection). */
export function checkEmail(slug: string, email: string): Promise<{ exists: boolean }> {
  return apiRequest<{ exists: boolean }>(`/api/programas/${encodeURIComponent(slug)}/check-email`, {
    method: 'POST',
    body: { email },
    auth: 'none',
  });
}
