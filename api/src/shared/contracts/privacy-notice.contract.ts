/**
 * The privacy notice (aviso de privacidad, LGPDPPSO arts. 26–28) in versions, and the consent each public form
 * records with its row (docs/decisions/privacidad-conservacion.md).
 */

/** GET /api/public/privacy-notice: the current version. */
export interface PrivacyNoticeResponse {
  title: string;
  /** Paragraphs separated by blank lines. */
  text: string;
  version: number;
  published_at: string;
}

/** One published version, as staff see it. Versions are never edited: a change is a new version. */
export interface AvisoPrivacidadResponse {
  version: number;
  texto: string;
  publicado_at: string;
  publicado_por: { id: number; name: string } | null;
  vigente: boolean;
}

/** The optional field every public form may add to its spec body: the notice version it showed. */
export interface ConsentInput {
  aviso_version?: number;
}

export const PRIVACY_NOTICE_TITLE = 'Aviso de Privacidad';
export const PRIVACY_NOTICE_LIMITS = { texto: 50_000 } as const;
export const UNKNOWN_NOTICE_VERSION = 'La versión del aviso de privacidad no existe. Recarga la página para ver el aviso vigente.';

/**
 * What a public form's area asks the privacy notice area, without naming it (PrivacyNoticeModule, global, provides
 * it): the version to record for what the form sent — the version itself once checked to exist (an unknown one is
 * refused with UNKNOWN_NOTICE_VERSION, 400), or null when the form sent none: the insert then records the current
 * version (`aviso_privacidad_vigente()` in SQL, the same statement).
 */
export abstract class NoticeVersions {
  abstract accepted(version: number | undefined): Promise<number | null>;
}

/**
 * The consent a form's row records, as its area's insert takes it: the version (null: the current one, resolved by
 * the insert itself) and when it was accepted (null: the insert's time).
 */
export interface ConsentRecord {
  version: number | null;
  acceptedAt: Date | null;
}
