import type {
  CorreoDetailResponse,
  CorreoRefOption,
  CorreoResponse,
  CorreosPage,
  MailRefType,
  MailStatus,
} from '@shared/contracts/mail.contract';
import { apiRequest } from '../../../lib/api-client';

export interface CorreosQuery {
  status: MailStatus | '';
  ref: { type: MailRefType; id: number } | null;
  page: number;
}

/** GET /api/correos → one page of messages, newest first. */
export function getCorreos(query: CorreosQuery): Promise<CorreosPage> {
  const params = new URLSearchParams({ page: String(query.page) });
  if (query.status) params.set('status', query.status);
  if (query.ref) {
    params.set('ref_type', query.ref.type);
    params.set('ref_id', String(query.ref.id));
  }
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
