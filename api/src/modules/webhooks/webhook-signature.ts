import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new endpoint secret: `whsec_` and 32 random bytes in hex (shown once). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}

/**
 * `Aforo-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` — Stripe's scheme, so a receiver's existing
 * library verifies it. During a rotation's 24 h the previous secret signs too: a second `v1=`.
 */
export function signatureHeader(body: string, secrets: readonly string[], now = Date.now()): string {
  const t = Math.floor(now / 1000);
  return [`t=${t}`, ...secrets.map((s) => `v1=${createHmac('sha256', s).update(`${t}.${body}`).digest('hex')}`)].join(',');
}

/** The receiver's side (documented in docs/webhooks.md; the tests use their own copy): any v1 matches, t within tolerance. */
export function verifySignature(header: string, body: string, secret: string, toleranceSec = 300, now = Date.now()): boolean {
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > toleranceSec) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  return parts
    .filter(([k]) => k === 'v1')
    .some(([, v]) => v !== undefined && v.length === expected.length && timingSafeEqual(Buffer.from(v), expected));
}
