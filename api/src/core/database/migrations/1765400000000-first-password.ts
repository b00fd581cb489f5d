import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * No fixed first password: an account whose password was generated (the first super admin
 * without ADMIN_PASSWORD) must change it before doing anything else. Existing accounts are not affected.
 */
export class FirstPassword1765400000000 implements MigrationInterface {
  name = 'FirstPassword1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN must_change_password`);
  }
}
