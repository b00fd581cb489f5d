import type { MigrationInterface } from 'typeorm';

/**
 * Public registrations in batches (group commit): this migration created `register_external_batch(slug, rows)`.
 * The function is the external-events area's now (modules/external-events/external-events.sql.ts: its one current
 * definition, applied after the migrations), so there is nothing left to do here; the migration stays because
 * databases recorded it.
 */
export class RegistrationBatches1764100000000 implements MigrationInterface {
  name = 'RegistrationBatches1764100000000';

  async up(): Promise<void> {}

  async down(): Promise<void> {}
}
