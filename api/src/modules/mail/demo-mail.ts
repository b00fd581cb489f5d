import type { EntityManager } from 'typeorm';

/**
 * Demo data (npm run seed:demo): the messages that seeded changes queued through the ordinary path (`queue_mail`,
 * MailOutbox) are kept as SMTP-less Aforo keeps them — 'stored', never sent, whatever SMTP_URL says (the addresses
 * are made up) — dated `at` (when the change happened). Call it in the transaction that queued them: the commit's
 * NOTIFY then finds them stored, and the workers have nothing to send. The Correos screen renders each when opened.
 * Answers how many were stored (a key already stored by an earlier seed is left alone).
 */
export async function storeDemoMail(m: EntityManager, mails: ReadonlyArray<{ key: string; at: Date }>): Promise<number> {
  if (mails.length === 0) return 0;
  const [{ n }]: Array<{ n: number }> = await m.query(
    `WITH s AS (
       UPDATE correos c SET status = 'stored', created_at = x.at, updated_at = x.at, sent_at = x.at
         FROM jsonb_to_recordset($1::jsonb) AS x(key text, at timestamptz)
        WHERE c.idempotency_key = x.key AND c.status = 'queued'
       RETURNING 1)
     SELECT count(*)::int AS n FROM s`,
    [JSON.stringify(mails.map((x) => ({ key: x.key, at: x.at.toISOString() })))],
  );
  return n;
}
