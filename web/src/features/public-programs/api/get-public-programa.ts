import type { PublicPrograma } from '@shared/contracts/programs.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/programas/{slug} → { programa }; 404 for missing, draft and closed programs. */
export function getPublicPrograma(slug: string): Promise<{ programa: PublicPrograma }> {
  return apiRequest<{ programa: PublicPrograma }>(`/api/programas/${encodeURIComponent(slug)}`, { auth: 'none' });
}
