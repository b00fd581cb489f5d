import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MailRepository } from './mail.repository';

/**
 * The suppression list as other areas use it (privacy: oposición and unsubscribe links): the mail pipeline honours it
 * (`queue_mail` and the send job keep a message to a listed address as 'suppressed').
 */
@Injectable()
export class MailSuppressions {
  constructor(private readonly mails: MailRepository) {}

  suppress(
    manager: EntityManager,
    email: string,
    motivo: 'oposicion' | 'baja',
    refs?: { solicitudId?: number | null; correoId?: number | null },
  ) {
    return this.mails.suppress(manager, email, motivo, refs);
  }

  isSuppressed(email: string): Promise<boolean> {
    return this.mails.isSuppressed(email);
  }

  /** The address a message went to (an unsubscribe link names the message), or null. */
  async recipientOf(correoId: number): Promise<string | null> {
    return (await this.mails.findById(correoId))?.to_email ?? null;
  }
}
