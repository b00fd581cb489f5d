/**
 * The hash the server gives each valid code (docs/decisions/puerta.md#códigos-sin-conexión): SHA-256, hex, of
 * `${salt}:${CODE}` with the code trimmed and in upper case. Web Crypto exists only in a secure context (https, or
 * localhost): the same condition a service worker has, so an offline door needs it anyway.
 */
export async function codeHash(salt: string, code: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}:${code}`));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A scan's id (uuid v4): one per scan, kept when an online attempt falls back to the queue (the server applies it once). */
export function newScanId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
