import { defineSettings } from '../config/app-config';
import { readHours, readInt } from '../config/env-readers';
import { defineRateLimit } from '../http/rate-limit.guard';

/**
 * The waitlists' settings, the same for external events and programs (docs/decisions/eventos-externos.md): each area
 * that keeps a waitlist lists WAITLIST_SETTINGS among its settings (api/src/modules/index.ts; read once).
 */
export interface WaitlistSettings {
  /** WAITLIST_OFFER_HOURS (decimals allowed), in seconds: how long a freed place is held for the first in line. */
  waitlistOfferSeconds: number;
  /** WAITLIST_CONFIRM_HOURS (decimals allowed), in seconds: how long a join waits for its e-mail confirmation. */
  waitlistConfirmSeconds: number;
  /**
   * Waitlist joins per minute and IP (events and programs together; WAITLIST_JOIN_LIMIT_PER_MINUTE): each join mails an
   * address, so it is lower than the public write limit (docs/decisions/eventos-externos.md#lista-de-espera-confirmada-por-correo).
   */
  waitlistJoinLimitPerMinute: number;
}

export const WAITLIST_SETTINGS = defineSettings<WaitlistSettings>((env) => ({
  waitlistOfferSeconds: readHours(env, 'WAITLIST_OFFER_HOURS', 24, 720),
  waitlistConfirmSeconds: readHours(env, 'WAITLIST_CONFIRM_HOURS', 3, 720),
  waitlistJoinLimitPerMinute: readInt(env, 'WAITLIST_JOIN_LIMIT_PER_MINUTE', 5, 1, 10_000_000),
}));

/** Both waitlists' joins count in one limit per IP: each mails an address, so far fewer than other writes. */
export const WAITLIST_JOIN_LIMIT = defineRateLimit<WaitlistSettings>('waitlist-join', (c) => c.waitlistJoinLimitPerMinute);
