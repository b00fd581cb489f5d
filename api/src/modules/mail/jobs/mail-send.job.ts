import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import type { MailSettings } from '../mail.settings';
import { JobBase } from '@core/jobs/job-base';
import { MailPushes } from '../mail-pushes';
import { MailRepository } from '../mail.repository';
import { mailSendingLeaseMs } from '../mail-send.rules';
import { classifySendError, isPlainAddress, MailTransport, messageIdFor } from '../mail-transport';
import { MailRenderer } from '../render/mail-renderer';

/** A temporary failure: BullMQ tries the job again after its backoff. */
export class MailRetryLater extends Error {}

/**
 * mail.send: one message, at most one SMTP acceptance (docs/decisions/correos.md):
 * 0. read it, and keep it as 'suppressed' if its address is on the opposition list (one statement);
 * 1. render it (deterministic: a resend is the same message) — bad data fails it for good;
 * 2. claim it in one statement: queued → sending (or → stored without SMTP_URL), attempt counted, its subject and
 *    Message-ID stored BEFORE talking to the server (never the rendered body: the row keeps the intent, which
 *    renders the same message again); a row in 'sending' is taken over only after the lease (its worker died);
 * 3. send; 250 → sent with the server's answer; 5xx → failed with the reason; 4xx or no connection →
 *    back to queued with the reason, and the job retries with backoff.
 */
@Injectable()
export class MailSendJob extends JobBase<'mail.send'> {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig & MailSettings,
    private readonly mails: MailRepository,
    private readonly renderer: MailRenderer,
    private readonly transport: MailTransport,
    private readonly pushes: MailPushes,
  ) {
    super('mail.send');
  }

  async handle({ correoId }: { correoId: string }): Promise<void> {
    // The row, or — its address asked for no more mail after it was queued (oposición, an unsubscribe link) — the row
    // kept as 'suppressed': one statement.
    const row = await this.mails.findForSend(correoId);
    if (row?.suppressed) {
      this.pushes.changed(row);
      return;
    }
    if (!row || (row.status !== 'queued' && row.status !== 'sending')) return; // sent, failed or stored: nothing to do
    if (!isPlainAddress(row.to_email)) {
      this.pushes.changed(await this.mails.fail(row.id, 'La dirección de correo no es válida; no se envió.'));
      return;
    }
    let rendered;
    try {
      rendered = await this.renderer.render(row.template, row.data, { id: row.id, createdAt: new Date(row.created_at) });
    } catch (err) {
      this.pushes.changed(await this.mails.fail(row.id, `No se pudo preparar el mensaje: ${(err as Error).message}`));
      return;
    }
    const messageId = row.message_id ?? messageIdFor(row.id, row.idempotency_key, this.renderer.domain);
    const claimed = await this.mails.claim(
      row.id,
      this.transport.enabled ? 'sending' : 'stored',
      { subject: rendered.subject, messageId },
      mailSendingLeaseMs(this.config),
    );
    if (!claimed) {
      // Another attempt holds it ('sending' within the lease): ask again later; otherwise it already ended.
      if (row.status === 'sending') throw new MailRetryLater('El mensaje está en envío en otro proceso');
      return;
    }
    this.pushes.changed(claimed);
    if (!this.transport.enabled) return;

    let response: string;
    try {
      response = await this.transport.send({ messageId, to: { email: claimed.to_email, name: claimed.to_name }, rendered });
    } catch (err) {
      const failure = classifySendError(err);
      this.pushes.changed(await this.mails.finish(row.id, { status: failure.permanent ? 'failed' : 'queued', error: failure.reason }));
      if (failure.permanent) return;
      throw new MailRetryLater(failure.reason);
    }
    this.pushes.changed(await this.mails.finish(row.id, { status: 'sent', response }));
  }

  /** Out of attempts: a message still queued is failed with its last reason (one in 'sending' is the sweep's). */
  async gaveUp({ correoId }: { correoId: string }): Promise<void> {
    const row = await this.mails.findById(correoId);
    if (row?.status !== 'queued') return;
    this.logger.warn(`Correo ${correoId}: sin éxito tras ${this.config.mailSendAttempts} intentos`);
    this.pushes.changed(
      await this.mails.fail(
        correoId,
        `Sin éxito tras ${this.config.mailSendAttempts} intentos. Último error: ${row.last_error ?? 'desconocido'}`,
      ),
    );
  }
}
