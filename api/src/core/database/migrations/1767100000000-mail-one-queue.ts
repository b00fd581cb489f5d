import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `queue_mail` queues through `queue_mails` (modules/mail/mail.sql.ts): the status rule (failed, suppressed,
 * queued, with their reasons) and the NOTIFY are written once. The two functions only it called go; the sync after
 * the migrations gives `queue_mail` its new body in the same transaction.
 */
export class MailOneQueue1767100000000 implements MigrationInterface {
  name = 'MailOneQueue1767100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION IF EXISTS queue_mail_quiet(text, text, text, text, jsonb, text, integer)`);
    await q.query(`DROP FUNCTION IF EXISTS mail_notify(bigint[])`);
  }

  async down(): Promise<void> {
    // Nothing to restore by hand: the previous code's sync recreates its functions from its own files.
  }
}
