import type { CorreoDetailResponse, CorreoRefOption, CorreoResponse, CorreosPage } from '@shared/contracts/mail.contract';
import { apiRequest } from '../../../lib/api-client';
import { correosSearch, type CorreosFilter } from '../../../lib/correos-filter';

/** The screen's filters and page (the address bar holds them: lib/correos-filter.ts). */
export type CorreosQuery = CorreosFilter;

/** GET /api/correos → one page of messages, newest first (the API's query names are the address bar's). */
export function getCorreos(query: CorreosQuery): Promise<CorreosPage> {
  const params = correosSearch(query);
  params.set('page', String(query.page));
  return apiRequest<CorreosPage>(`/api/correos?${params.toString()}`);
}

/** GET /api/correos/referencias → the events and programs with messages (the 'por evento' filter). */
export function getCorreoRefs(): Promise<{ referencias: CorreoRefOption[] }> {
  return apiRequest<{ referencias: CorreoRefOption[] }>('/api/correos/referencias');
}

/** GET /api/correos/{id} → the message with its subject, HTML, text and attachments. */
export function getCorreo(id: number): Promise<{ correo: CorreoDetailResponse }> {
  return apiRequest<{ correo: CorreoDetailResponse }>(`/api/correos/${id}`);
}

/** POST /api/correos/{id}/reenviar → a failed message back to the queue. */
export function resendCorreo(id: number): Promise<{ correo: CorreoResponse; message: string }> {
  return apiRequest<{ correo: CorreoResponse; message: string }>(`/api/correos/${id}/reenviar`, { method: 'POST' });
}
