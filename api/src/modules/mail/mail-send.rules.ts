import type { MailSettings } from './mail.settings';

/**
 * How long a message may stay in 'sending' before it is taken as its worker's crash and sent again (with the
 * same Message-ID): three SMTP step timeouts, so a live worker's attempt has ended (sent, or failed by its own
 * timeout) well before another takes the message over.
 */
export function mailSendingLeaseMs(config: Pick<MailSettings, 'mailSendTimeoutMs'>): number {
  return config.mailSendTimeoutMs * 3;
}
