import { PRIVACY_NOTICE_TITLE, type AvisoPrivacidadResponse, type PrivacyNoticeResponse } from '@shared/contracts/privacy-notice.contract';
import type { NoticeRow } from './privacy-notice.repository';

export function toPrivacyNoticeResponse(row: NoticeRow): PrivacyNoticeResponse {
  return { title: PRIVACY_NOTICE_TITLE, text: row.texto, version: row.version, published_at: new Date(row.publicado_at).toISOString() };
}

export function toAvisoResponse(row: NoticeRow, currentVersion: number): AvisoPrivacidadResponse {
  return {
    version: row.version,
    texto: row.texto,
    publicado_at: new Date(row.publicado_at).toISOString(),
    publicado_por: row.publicado_por !== null ? { id: row.publicado_por, name: row.publicado_por_name ?? '' } : null,
    vigente: row.version === currentVersion,
  };
}
