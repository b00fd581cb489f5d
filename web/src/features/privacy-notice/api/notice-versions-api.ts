import type { AvisoPrivacidadResponse } from '@shared/contracts/privacy-notice.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/privacidad/avisos → every published version, newest first. */
export function getNoticeVersions(): Promise<{ avisos: AvisoPrivacidadResponse[] }> {
  return apiRequest<{ avisos: AvisoPrivacidadResponse[] }>('/api/privacidad/avisos');
}

/** POST /api/privacidad/avisos → a new version, current from now on. */
export function publishNotice(texto: string): Promise<{ aviso: AvisoPrivacidadResponse; message: string }> {
  return apiRequest<{ aviso: AvisoPrivacidadResponse; message: string }>('/api/privacidad/avisos', { method: 'POST', body: { texto } });
}
