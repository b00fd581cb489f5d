import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DomainException, ErrorCode } from '../errors/domain-exception';
import type { LinkPurpose } from '@shared/contracts/links.contract';

export type { LinkPurpose } from '@shared/contracts/links.contract';

/** What a citizen reads for a link that is not ours, was altered, or names another purpose. */
export const LINK_INVALID = 'El enlace no es válido. Revisa que esté completo, tal como llegó en tu correo.';

export type LinkCheck = { ok: true; id: number; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Links a citizen follows from an e-mail without an account: `<id>.<expires>.<signature>`, the signature an
 * HMAC-SHA256 over the purpose, the id and the expiry with a key derived from JWT_SECRET (so every replica and
 * the workers sign and check alike). The token names a record by id only — no personal data in a URL. Whether
 * the link was already used is the record's state (a cancelled registration, an accepted offer), checked by
 * its owner.
 */
@Injectable()
export class SignedLinks {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'jwtSecret'>) {
    this.key = createHmac('sha256', config.jwtSecret).update('aforo:signed-links:v1').digest();
  }

  sign(purpose: LinkPurpose, id: number, expiresAt: Date): string {
    const exp = Math.floor(expiresAt.getTime() / 1000);
    return `${id}.${exp}.${this.signature(purpose, id, exp)}`;
  }

  verify(purpose: LinkPurpose, token: string, now: Date = new Date()): LinkCheck {
    const match = /^([1-9][0-9]{0,9})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return { ok: false, reason: 'invalid' };
    const id = Number(match[1]);
    const exp = Number(match[2]);
    const expected = Buffer.from(this.signature(purpose, id, exp));
    const given = Buffer.from(match[3]);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
    if (exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, id, expiresAt: new Date(exp * 1000) };
  }

  /**
   * The id a link names, or the Spanish reason it cannot be used: tampered or foreign (another purpose, so another
   * table's id never passes) → LINK_INVALID (404); past its time → `expired` (410).
   */
  require(purpose: LinkPurpose, token: string, expired: string): number {
    const check = this.verify(purpose, token);
    if (check.ok) return check.id;
    if (check.reason === 'expired') throw new DomainException(ErrorCode.LinkExpired, expired);
    throw new DomainException(ErrorCode.LinkInvalid, LINK_INVALID);
  }

  private signature(purpose: LinkPurpose, id: number, exp: number): string {
    return createHmac('sha256', this.key).update(`${purpose}:${id}:${exp}`).digest('base64url');
  }
}
