import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DomainException, ErrorCode } from '../errors/domain-exception';
import type { LinkPurpose } from '@shared/contracts/links.contract';

export type { LinkPurpose } from '@shared/contracts/links.contract';

/** What a citizen reads for a link that is not ours, was altered, or names another purpose. */
export const LINK_INVALID = 'El enlace no es válido. Revisa que esté completo, tal como llegó en tu correo.';

export type LinkCheck = { ok: true; id: number; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

/** A token's shape, as text (no anchors): `<kid>.<id>.<exp>.<signature>`, or the first version's `<id>.<exp>.<signature>`. */
export const SIGNED_TOKEN_SHAPE = '(?:[A-Za-z0-9_-]{8}\\.)?[1-9][0-9]{0,9}\\.[0-9]{1,12}\\.[A-Za-z0-9_-]{43}';
const TOKEN = /^(?:([A-Za-z0-9_-]{8})\.)?([1-9][0-9]{0,9})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/;

/** A signing key and its id: both derived from a secret, so every replica and the workers agree without a registry. */
interface LinkKey {
  kid: string;
  key: Buffer;
}

function linkKey(secret: string): LinkKey {
  return {
    kid: createHmac('sha256', secret).update('aforo:signed-links:kid').digest('base64url').slice(0, 8),
    key: createHmac('sha256', secret).update('aforo:signed-links:v1').digest(),
  };
}

/**
 * Links a citizen follows from an e-mail without an account: `<kid>.<id>.<expires>.<signature>`, the signature an
 * HMAC-SHA256 over the purpose, the id and the expiry with a key derived from JWT_SECRET (so every replica and
 * the workers sign and check alike), `kid` naming that key. New links are signed with JWT_SECRET's key; a link
 * whose kid names JWT_SECRET_PREVIOUS's key is still accepted, so the secret can be rotated without killing the
 * links already mailed (docs/decisions/seguridad.md). A token of the first version (no kid, mailed before keys
 * had ids) is checked against each configured key. The token names a record by id only — no personal data in a
 * URL. Whether the link was already used is the record's state (a cancelled registration, an accepted offer),
 * checked by its owner.
 */
@Injectable()
export class SignedLinks {
  private readonly current: LinkKey;
  private readonly keys: LinkKey[];

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'jwtSecret'> & Partial<Pick<AppConfig, 'jwtSecretPrevious'>>) {
    this.current = linkKey(config.jwtSecret);
    this.keys = [this.current, ...(config.jwtSecretPrevious ? [linkKey(config.jwtSecretPrevious)] : [])];
  }

  sign(purpose: LinkPurpose, id: number, expiresAt: Date): string {
    const exp = Math.floor(expiresAt.getTime() / 1000);
    return `${this.current.kid}.${id}.${exp}.${this.signature(this.current.key, purpose, id, exp)}`;
  }

  verify(purpose: LinkPurpose, token: string, now: Date = new Date()): LinkCheck {
    const match = TOKEN.exec(token);
    if (!match) return { ok: false, reason: 'invalid' };
    const [, kid, idText, expText, sig] = match;
    const id = Number(idText);
    const exp = Number(expText);
    const candidates = kid === undefined ? this.keys : this.keys.filter((k) => k.kid === kid);
    const given = Buffer.from(sig);
    const signed = candidates.some((k) => {
      const expected = Buffer.from(this.signature(k.key, purpose, id, exp));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
    if (!signed) return { ok: false, reason: 'invalid' };
    if (exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, id, expiresAt: new Date(exp * 1000) };
  }

  /**
   * The id a link names, or the Spanish reason it cannot be used: tampered or foreign (another purpose, so another
   * table's id never passes; a key no longer configured) → LINK_INVALID (404); past its time → `expired` (410).
   */
  require(purpose: LinkPurpose, token: string, expired: string): number {
    const check = this.verify(purpose, token);
    if (check.ok) return check.id;
    if (check.reason === 'expired') throw new DomainException(ErrorCode.LinkExpired, expired);
    throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
  }

  private signature(key: Buffer, purpose: LinkPurpose, id: number, exp: number): string {
    return createHmac('sha256', key).update(`${purpose}:${id}:${exp}`).digest('base64url');
  }
}
