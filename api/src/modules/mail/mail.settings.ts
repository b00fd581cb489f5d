import { defineSettings } from '@core/config/app-config';
import { ConfigError, isLoopbackHost, readInt, readUrl } from '@core/config/env-readers';

/** Mail's settings (docs/decisions/correos.md), read at start with the rest of the configuration. */
export interface MailSettings {
  /** SMTP_URL: smtp://user:pass@host:port or smtps://…; null (the embedded default) stores mail without sending it. */
  smtpUrl: string | null;
  /**
   * In production, plain smtp:// to a host other than this machine must upgrade with STARTTLS or not send
   * (nodemailer's requireTLS), unless the URL says `requireTLS=false` or `ignoreTLS=true` (see smtpRequiresTls).
   */
  smtpRequireTls: boolean;
  /** MAIL_FROM: the sender of every message (an address, or "Name <address>"). */
  mailFrom: string;
  /**
   * MAIL_SEND_TIMEOUT_MS: how long one SMTP step (connect, greeting, each answer) may take. A message left
   * in 'sending' for 3× this is taken as its worker's crash and sent again (docs/decisions/correos.md).
   */
  mailSendTimeoutMs: number;
  /**
   * MAIL_SEND_ATTEMPTS / MAIL_RETRY_DELAY_MS: attempts of one message for temporary failures (4xx, no
   * connection) before it is 'failed', and the first wait between them (doubling each time).
   */
  mailSendAttempts: number;
  mailRetryDelayMs: number;
  /**
   * MAIL_PER_MINUTE: at most this many messages a minute leave for the SMTP server, across every workers process
   * (0: as fast as the workers go). A relay's own limit (Microsoft 365: 30 a minute) goes here.
   */
  mailPerMinute: number;
  /**
   * MAIL_QUEUE_AHEAD: at most this many messages wait in Redis for their turn (the rest wait in PostgreSQL, where
   * they already are, and are handed over as the queue empties). Default: 30 seconds at MAIL_PER_MINUTE, at least
   * 100; with MAIL_PER_MINUTE=0, no bound (null).
   */
  mailQueueAhead: number | null;
}

/**
 * MAIL_PER_MINUTE's default: 20 messages a second (5,000 invitations in about four minutes). At the workers' full
 * pace (about 120 a second on 2 cores) the API's p95 rose 50–60 % during a bulk send; at this pace it stays within
 * 20 % (bench:mail, docs/benchmarks.md). 0 lifts the limit; a relay's own limit goes lower.
 */
export const MAIL_PER_MINUTE_DEFAULT = 1200;

/**
 * MAIL_QUEUE_AHEAD's default: what the pace sends in 30 seconds, at least 100 — enough that the queue never runs dry
 * between two hand-overs (every second), few enough that a burst of 5,000 registrations is not 5,000 jobs written to
 * Redis at once (docs/decisions/correos.md, «Los correos esperan en PostgreSQL, no en Redis»).
 */
export const mailQueueAheadDefault = (perMinute: number): number | null =>
  perMinute === 0 ? null : Math.max(100, Math.ceil(perMinute / 2));

/**
 * Whether mail to SMTP_URL must go over TLS without being asked: in production, smtp:// (smtps:// already is TLS)
 * to a host other than this machine — a relay on the same machine may stay plain. The URL may say otherwise with
 * nodemailer's own words: `?requireTLS=false` or `?ignoreTLS=true`.
 */
export function smtpRequiresTls(smtpUrl: string | null, nodeEnv: string): boolean {
  if (!smtpUrl || nodeEnv !== 'production') return false;
  const url = new URL(smtpUrl);
  if (url.protocol !== 'smtp:' || isLoopbackHost(url.hostname)) return false;
  const said = (name: string) => url.searchParams.get(name)?.toLowerCase();
  return said('requireTLS') !== 'false' && said('ignoreTLS') !== 'true';
}

export const MAIL_SETTINGS = defineSettings<MailSettings>((env, core) => {
  const smtpUrl = env.SMTP_URL?.trim() ? readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']) : null;
  const mailFrom = env.MAIL_FROM?.trim() || `"Aforo · Municipio de ${core.municipio}" <no-responder@aforo.local>`;
  if (/[\r\n]/.test(mailFrom) || !/@/.test(mailFrom))
    throw new ConfigError('MAIL_FROM', 'debe ser una dirección de correo, en una sola línea');
  const mailPerMinute = readInt(env, 'MAIL_PER_MINUTE', MAIL_PER_MINUTE_DEFAULT, 0, 1_000_000);
  return {
    smtpUrl,
    smtpRequireTls: smtpRequiresTls(smtpUrl, core.env),
    mailFrom,
    mailSendTimeoutMs: readInt(env, 'MAIL_SEND_TIMEOUT_MS', 60_000, 500, 600_000),
    mailSendAttempts: readInt(env, 'MAIL_SEND_ATTEMPTS', 10, 1, 100),
    mailRetryDelayMs: readInt(env, 'MAIL_RETRY_DELAY_MS', 2_000, 100, 3_600_000),
    mailPerMinute,
    mailQueueAhead: env.MAIL_QUEUE_AHEAD?.trim() ? readInt(env, 'MAIL_QUEUE_AHEAD', 0, 1, 1_000_000) : mailQueueAheadDefault(mailPerMinute),
  };
});
