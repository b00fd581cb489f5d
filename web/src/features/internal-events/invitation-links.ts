import { CONFIRMATION_CODE_LENGTH, isConfirmationCode, normalizeConfirmationCode } from '@shared/contracts/internal-events.contract';

/** The link an invitation's QR carries: the public page with the code filled in (the invited person can confirm with it). */
export function invitationUrl(origin: string, slugOrId: string, code: string): string {
  return `${origin}/evento-interno/${encodeURIComponent(slugOrId)}?codigo=${encodeURIComponent(code)}`;
}

/** A code from what a scanner read: an invitation link (its ?codigo=) or the code itself. Null if neither. */
export function codeFromScan(text: string): string | null {
  const trimmed = text.trim();
  try {
    const url = new URL(trimmed);
    const code = normalizeConfirmationCode(url.searchParams.get('codigo') ?? '');
    return isConfirmationCode(code) ? code : null;
  } catch {
    const code = normalizeConfirmationCode(trimmed).slice(0, CONFIRMATION_CODE_LENGTH + 1);
    return isConfirmationCode(code) ? code : null;
  }
}
