import type { PublicPrograma } from '@shared/contracts/programs.contract';
import { apiRequest } from '../../../lib/api-client';
import { startEarly, takeEarly } from '../../../lib/early';

const path = (slug: string) => `/api/programas/${encodeURIComponent(slug)}`;
const request = (slug: string) => apiRequest<{ programa: PublicPrograma }>(path(slug), { auth: 'none' });

/** GET /api/programas/{slug} → { programa }; 404 for missing, draft and closed programs. */
export function getPublicPrograma(slug: string): Promise<{ programa: PublicPrograma }> {
  return takeEarly(path(slug), () => request(slug));
}

/** The program's page opened directly: asked for while the page's code loads (lib/early.ts). */
export function prefetchPublicPrograma(slug: string): void {
  startEarly(path(slug), () => request(slug));
}
