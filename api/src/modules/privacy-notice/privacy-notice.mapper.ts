import { PRIVACY_NOTICE_TITLE, type AvisoPrivacidadResponse, type PrivacyNoticeResponse } from '@shared/contracts/privacy-notice.contract';
import type { NoticeRow } from './privacy-notice.repository';
import { iso } from '@core/format/iso';

export function toPrivacyNoticeResponse(row: NoticeRow): PrivacyNoticeResponse {
  return { title: PRIVACY_NOTICE_TITLE, text: row.texto, version: row.version, published_at: iso(row.publicado_at)! };
}

export function toAvisoResponse(row: NoticeRow, currentVersion: number): AvisoPrivacidadResponse {
  return {
    version: row.version,
    texto: row.texto,
    publicado_at: iso(row.publicado_at)!,
    publicado_por: row.publicado_por !== null ? { id: row.publicado_por, name: row.publicado_por_name ?? '' } : null,
    vigente: row.version === currentVersion,
  };
}
