import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { QueuedMail } from '@shared/contracts/mail.contract';

/**
 * How another area queues messages: inside the caller's transaction, so a message exists only if its change
 * commits. One statement for any number of messages; a key already queued is skipped (the same cause never
 * queues two messages). From SQL (inside a statement of the area's own), call `queue_mail(...)` directly.
 */
@Injectable()
export class MailOutbox {
  /** Returns how many messages were queued (keys already queued are not counted). */
  async queue(manager: EntityManager, mails: readonly QueuedMail[]): Promise<number> {
    if (mails.length === 0) return 0;
    const rows = mails.map((m) => ({
      key: m.key,
      template: m.template,
      to_email: m.to.email,
      to_name: m.to.name,
      data: m.data,
      ref_type: m.ref?.type ?? null,
      ref_id: m.ref?.id ?? null,
    }));
    const [{ n }]: Array<{ n: number }> = await manager.query(
      `SELECT count(queue_mail(x.key, x.template, x.to_email, x.to_name, x.data, x.ref_type, x.ref_id))::int AS n
         FROM jsonb_to_recordset($1::jsonb)
           AS x(key text, template text, to_email text, to_name text, data jsonb, ref_type text, ref_id integer)`,
      [JSON.stringify(rows)],
    );
    return n;
  }
}
