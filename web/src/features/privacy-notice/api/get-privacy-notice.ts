import { apiRequest } from '../../../lib/api-client';

export interface PrivacyNotice {
  title: string;
  /** Paragraphs separated by blank lines. */
  text: string;
}

/** GET /api/public/privacy-notice → { title, text } (the text is configuration). No token. */
export function getPrivacyNotice(): Promise<PrivacyNotice> {
  return apiRequest<PrivacyNotice>('/api/public/privacy-notice', { auth: 'none' });
}
