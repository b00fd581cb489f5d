import { useEffect, useState } from 'react';
import type { PrivacyNoticeResponse } from '@shared/contracts/privacy-notice.contract';
import { apiRequest } from './api-client';

/** One request per page load, shared by every public form on it. */
let current: Promise<PrivacyNoticeResponse> | null = null;

/**
 * The privacy notice version a public form shows and sends (`aviso_version`): the current one when the
 * form opened. Until it arrives, or if it cannot, undefined: the form sends none and the server records the current.
 */
export function useNoticeVersion(): number | undefined {
  const [version, setVersion] = useState<number | undefined>(undefined);
  useEffect(() => {
    let cancelled = false;
    current ??= apiRequest<PrivacyNoticeResponse>('/api/public/privacy-notice', { auth: 'none' });
    current
      .then((notice) => {
        if (!cancelled) setVersion(notice.version);
      })
      .catch(() => {
        current = null; // the next form asks again
      });
    return () => {
      cancelled = true;
    };
  }, []);
  return version;
}
