import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createSqlFunctions } from '../sql-functions';

/**
 * Stored possible-duplicate pairs (issue 32 §1's ≤ 1 s listing; docs/decisions/personas.md «Los pares se guardan»).
 *
 * - `persona_duplicado_pares`: every pair of people scoring at least PERSONAS_DUPLICATE_MIN_SCORE by dedupe-rules.ts,
 *   smaller id first, with its score and reasons (which quote names: personal data, in the ARCO registry). Written
 *   for a person in the same transaction as its blocking keys (`writeDedupeKeys`); the listing reads one page by
 *   (score DESC, persona_a, persona_b). Foreign keys ON DELETE CASCADE: a deleted or merged person takes its pairs.
 * - Trigger function `personas_duplicado_claves_stale` now drops the person's pairs with its keys (a pair scored on
 *   a name, phone or e-mail the person no longer has goes in the same statement).
 * - Backfill: every person is marked unkeyed (`persona_duplicado_indexadas` emptied), so the `personas.dedupe-keys`
 *   job rewrites keys and pairs in batches, one short transaction each; no long lock here.
 */
export class PersonaDuplicatePairs1766900000000 implements MigrationInterface {
  name = 'PersonaDuplicatePairs1766900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE persona_duplicado_pares (
        persona_a integer NOT NULL REFERENCES personas (id) ON DELETE CASCADE,
        persona_b integer NOT NULL REFERENCES personas (id) ON DELETE CASCADE,
        score integer NOT NULL,
        reasons jsonb NOT NULL,
        CONSTRAINT persona_duplicado_pares_pkey PRIMARY KEY (persona_a, persona_b),
        CONSTRAINT persona_duplicado_pares_order CHECK (persona_a < persona_b)
      )`);
    await q.query(`CREATE INDEX persona_duplicado_pares_b_idx ON persona_duplicado_pares (persona_b)`);
    await q.query(`CREATE INDEX persona_duplicado_pares_score_idx ON persona_duplicado_pares (score DESC, persona_a, persona_b)`);
    await createSqlFunctions(q, ['personas_duplicado_claves_stale']);
    await q.query(`DELETE FROM persona_duplicado_indexadas`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE persona_duplicado_pares`);
    await q.query(`
      CREATE OR REPLACE FUNCTION personas_duplicado_claves_stale() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM persona_duplicado_claves WHERE persona_id = NEW.id;
        DELETE FROM persona_duplicado_indexadas WHERE persona_id = NEW.id;
        RETURN NULL;
      END $$`);
  }
}
