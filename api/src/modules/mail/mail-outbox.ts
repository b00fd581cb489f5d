import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { QueuedMail } from '@shared/contracts/mail.contract';
import { oneLine } from './render/html';

const NUL = new RegExp(String.fromCharCode(0), 'g');

/** PostgreSQL text and jsonb hold no NUL: one in a name or a snapshot would fail the caller's whole transaction. */
function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(NUL, '');
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNul(v)]));
  return value;
}

/**
 * How another area queues messages: inside the caller's transaction, so a message exists only if its change
 * commits. One statement (and one NOTIFY) for any number of messages; a key already queued is skipped (the same cause
 * never queues two messages). From SQL (inside a statement of the area's own), `queue_mail(...)` (mail.sql.ts) queues
 * one message: it cleans the name and keeps a bad address as a failed message (never sent) the same way.
 */
/**
 * A statement that queues many messages: `rowsSql` is a SELECT with one row per message and the columns `key`,
 * `template`, `to_email`, `to_name`, `data`, `ref_type`, `ref_id`; they go to `queue_mails` (mail.sql.ts) as arrays, so
 * the messages are ONE insert and ONE notification to the dispatcher, however many. Answers how many were queued now
 * (`n`; a key already queued is not counted). The areas' reminder runs use it as this service does: 3,000 reminders
 * are one insert and one notification, as a registration batch is.
 */
export const queueManySql = (rowsSql: string) =>
  `WITH q AS MATERIALIZED (${rowsSql})
   SELECT queue_mails(array_agg(q.key), array_agg(q.template), array_agg(q.to_email), array_agg(q.to_name),
                      array_agg(q.data), array_agg(q.ref_type), array_agg(q.ref_id)) AS n
     FROM q`;

@Injectable()
export class MailOutbox {
  /** Returns how many messages were queued (keys already queued are not counted). */
  async queue(manager: EntityManager, mails: readonly QueuedMail[]): Promise<number> {
    if (mails.length === 0) return 0;
    const rows = mails.map((m) => ({
      key: m.key,
      template: m.template,
      to_email: m.to.email.replace(NUL, ''),
      to_name: m.to.name === null ? null : oneLine(m.to.name) || null,
      data: withoutNul(m.data),
      ref_type: m.ref?.type ?? null,
      ref_id: m.ref?.id ?? null,
    }));
    const [{ n }]: Array<{ n: number }> = await manager.query(
      queueManySql(`SELECT x.key, x.template, x.to_email, x.to_name, x.data, x.ref_type, x.ref_id
           FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(item, ord),
                jsonb_to_record(e.item) AS x(key text, template text, to_email text, to_name text, data jsonb, ref_type text, ref_id integer)
          ORDER BY e.ord`),
      [JSON.stringify(rows)],
    );
    return n;
  }
}
