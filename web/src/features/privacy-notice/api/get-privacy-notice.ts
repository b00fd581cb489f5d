import { apiRequest } from '../../../lib/api-client';
import { startEarly, takeEarly } from '../../../lib/early';

export interface PrivacyNotice {
  title: string;
  /** Paragraphs separated by blank lines. */
  text: string;
}

const PATH = '/api/public/privacy-notice';
const request = () => apiRequest<PrivacyNotice>(PATH, { auth: 'none' });

/** GET /api/public/privacy-notice → { title, text } (the text is configuration). No token. */
export function getPrivacyNotice(): Promise<PrivacyNotice> {
  return takeEarly(PATH, request);
}

/** The notice opened directly: asked for while the page's code loads (lib/early.ts). */
export function prefetchPrivacyNotice(): void {
  startEarly(PATH, request);
}
