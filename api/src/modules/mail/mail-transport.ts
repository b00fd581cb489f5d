import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { createTransport, type Transporter } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { APP_CONFIG } from '@core/config/app-config';
import type { MailSettings } from './mail.settings';
import { QUEUE_CONCURRENCY } from '@shared/jobs/jobs';
import type { RenderedMail } from './render/mail-renderer.types';
import { oneLine } from './render/html';

/** A plain address: one @, ASCII, no spaces or controls (the same rule as queue_mail in SQL, mail.sql.ts). */
const PLAIN_ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isPlainAddress(address: string): boolean {
  return address.length <= 254 && PLAIN_ADDRESS.test(address);
}

/** Our Message-ID of a message: the same on every attempt, so a receiver that saw it once can drop a resend. */
export function messageIdFor(id: string, idempotencyKey: string, domain: string): string {
  const hash = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 16);
  return `<correo-${id}.${hash}@${domain}>`;
}

/** How an SMTP attempt ended, for the message's status. */
export type SendFailure = { permanent: boolean; reason: string };

/**
 * 5xx answers are permanent (RFC 5321 §4.2.1), except 503 (bad sequence: a client or connection problem) and
 * authentication (535: our configuration, fixed by the staff, not the message); 4xx answers and every
 * connection failure (refused, timeout, dropped, TLS) are temporary and retried with backoff.
 */
export function classifySendError(err: unknown): SendFailure {
  const e = err as {
    responseCode?: number;
    code?: string;
    originalCode?: string;
    timeoutType?: string;
    response?: string;
    message?: string;
  };
  const answer = oneLine(e.response || e.message || 'Error desconocido').slice(0, 500);
  if (typeof e.responseCode === 'number') {
    const permanent = e.responseCode >= 500 && e.responseCode < 600 && e.responseCode !== 503 && e.code !== 'EAUTH';
    return { permanent, reason: `${permanent ? 'Rechazo permanente' : 'Rechazo temporal'} del servidor SMTP: ${answer}` };
  }
  if (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') return { permanent: true, reason: `Mensaje no válido: ${answer}` };
  const code = e.originalCode ?? e.code ?? 'error';
  return { permanent: false, reason: `Sin conexión con el servidor SMTP: ${connectionFault(code, e.timeoutType)} (${code}): ${answer}` };
}

/** What happened to the connection, in the staff's words (nodemailer's code, or the system's under it). */
function connectionFault(code: string, timeoutType: string | undefined): string {
  if (code === 'ETIMEDOUT') {
    const step: Record<string, string> = {
      CONNECT_TIMEOUT: 'al conectar',
      GREETING_TIMEOUT: 'esperando el saludo del servidor',
      UPGRADE_TIMEOUT: 'al iniciar TLS',
      SOCKET_TIMEOUT: 'esperando una respuesta del servidor',
    };
    return `tiempo de espera agotado${timeoutType && step[timeoutType] ? ` ${step[timeoutType]}` : ''}`;
  }
  if (code === 'ECONNREFUSED') return 'conexión rechazada (el servidor no está escuchando)';
  if (code === 'ECONNECTION' || code === 'ECONNRESET' || code === 'EPIPE') return 'conexión cortada antes de la respuesta';
  if (code === 'EDNS' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'no se encontró el servidor';
  if (code === 'ETLS') return 'falla de TLS';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'el servidor no es alcanzable';
  return 'error de red';
}

export interface OutgoingMail {
  messageId: string;
  to: { email: string; name: string | null };
  rendered: RenderedMail;
}

/**
 * nodemailer to SMTP_URL (a pool: one connection per concurrent job, reused from message to message), or
 * nothing when SMTP_URL is unset (messages are stored, not sent). Addresses go as objects, never as strings
 * built by hand, so no value can add a header or a recipient; the timeouts bound each SMTP step.
 */
@Injectable()
export class MailTransport implements OnApplicationShutdown {
  private readonly transporter: Transporter | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<MailSettings, 'smtpUrl' | 'smtpRequireTls' | 'mailFrom' | 'mailSendTimeoutMs'>,
  ) {
    const timeout = config.mailSendTimeoutMs;
    this.transporter = config.smtpUrl
      ? createTransport({
          url: config.smtpUrl,
          pool: true,
          maxConnections: QUEUE_CONCURRENCY.mail,
          maxMessages: 500,
          connectionTimeout: timeout,
          greetingTimeout: timeout,
          socketTimeout: timeout,
          disableFileAccess: true,
          disableUrlAccess: true,
          // Production, a relay on another machine: STARTTLS or nothing (mail.settings.ts, smtpRequiresTls).
          ...(config.smtpRequireTls ? { requireTLS: true } : {}),
        } as Parameters<typeof createTransport>[0])
      : null;
  }

  get enabled(): boolean {
    return this.transporter !== null;
  }

  /** Sends one message; resolves with the server's answer (250 …), rejects with nodemailer's error. */
  async send(mail: OutgoingMail): Promise<string> {
    if (!this.transporter) throw new Error('SMTP_URL no está configurado');
    if (!isPlainAddress(mail.to.email)) throw Object.assign(new Error('La dirección de correo no es válida'), { code: 'EENVELOPE' });
    const name = mail.to.name ? oneLine(mail.to.name) : '';
    // The message is composed into one buffer first: streamed, nodemailer writes it to the socket in ~30 small
    // pieces (a third of the workers' socket time in bench:mail); a buffer goes in a few large writes.
    const message = new MailComposer({
      from: this.config.mailFrom,
      to: name ? { name, address: mail.to.email } : mail.to.email,
      subject: mail.rendered.subject,
      text: mail.rendered.text,
      html: mail.rendered.html,
      messageId: mail.messageId,
      headers: {
        'Auto-Submitted': 'auto-generated',
        // RFC 2369 + RFC 8058: one-click unsubscribe (a POST to that address adds it to the suppression list).
        ...(mail.rendered.unsubscribe
          ? { 'List-Unsubscribe': `<${mail.rendered.unsubscribe.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
          : {}),
      },
      disableFileAccess: true,
      disableUrlAccess: true,
      attachments: mail.rendered.attachments.map((a) => ({
        filename: a.filename,
        content: a.content,
        contentType: a.contentType,
        cid: a.cid,
        contentDisposition: a.inline ? 'inline' : 'attachment',
      })),
    }).compile();
    const raw = await message.build();
    const info = (await this.transporter.sendMail({ envelope: message.getEnvelope(), raw })) as { response?: string };
    return oneLine(info.response ?? '250').slice(0, 500);
  }

  onApplicationShutdown(): void {
    this.transporter?.close();
  }
}
