import type { PrivacyNoticeResponse } from '@shared/contracts/privacy-notice.contract';
import { apiRequest } from '../../../lib/api-client';
import { startEarly, takeEarly } from '../../../lib/early';

export type PrivacyNotice = PrivacyNoticeResponse;

const PATH = '/api/public/privacy-notice';
const request = () => apiRequest<PrivacyNotice>(PATH, { auth: 'none' });

/** GET /api/public/privacy-notice → { title, text, version, published_at } (the current version). No token. */
export function getPrivacyNotice(): Promise<PrivacyNotice> {
  return takeEarly(PATH, request);
}

/** The notice opened directly: asked for while the page's code loads (lib/early.ts). */
export function prefetchPrivacyNotice(): void {
  startEarly(PATH, request);
}
