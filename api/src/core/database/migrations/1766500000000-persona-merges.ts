import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Merging people (docs/decisions/personas.md «Fusionar personas»).
 *
 * - `persona_fusiones`: one row per merge — the survivor, the people merged into it, the field choices, and `antes`:
 *   every row the merge could touch, as it was (personas, invitations, seats, door presence and scans, pairs set
 *   aside, import review rows, blocking keys, audit references), so the undo puts them back exactly. `despues_md5`
 *   fingerprints the same rows right after the merge: the undo refuses (409) once any of them changed since, so it
 *   never throws away later work. `deshecha_at` set once (a conditional UPDATE: two undos at once, one wins).
 * - `asiento_asignaciones_asistente_fkey` gains ON UPDATE CASCADE: an invitation moved to the survivor keeps its seat
 *   in the same statement (the seat's row follows the invitation's new person).
 */
export class PersonaMerges1766500000000 implements MigrationInterface {
  name = 'PersonaMerges1766500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE persona_fusiones (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        sobreviviente_id integer NOT NULL,
        fusionar_ids integer[] NOT NULL,
        campos jsonb NOT NULL DEFAULT '{}',
        movidos jsonb NOT NULL DEFAULT '{}',
        antes jsonb NOT NULL,
        despues_md5 text NOT NULL,
        created_by integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        deshecha_at timestamptz,
        deshecha_por integer REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT persona_fusiones_ids_check CHECK (cardinality(fusionar_ids) >= 1 AND NOT (sobreviviente_id = ANY (fusionar_ids)))
      )`);
    await q.query(`CREATE INDEX persona_fusiones_sobreviviente_idx ON persona_fusiones (sobreviviente_id, created_at DESC)`);
    await q.query(`CREATE INDEX persona_fusiones_fusionados_idx ON persona_fusiones USING gin (fusionar_ids) WHERE deshecha_at IS NULL`);
    await q.query(`ALTER TABLE asiento_asignaciones DROP CONSTRAINT asiento_asignaciones_asistente_fkey`);
    await q.query(`ALTER TABLE asiento_asignaciones ADD CONSTRAINT asiento_asignaciones_asistente_fkey
      FOREIGN KEY (evento_interno_id, persona_id) REFERENCES evento_asistentes (evento_interno_id, persona_id)
      ON DELETE CASCADE ON UPDATE CASCADE`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE asiento_asignaciones DROP CONSTRAINT asiento_asignaciones_asistente_fkey`);
    await q.query(`ALTER TABLE asiento_asignaciones ADD CONSTRAINT asiento_asignaciones_asistente_fkey
      FOREIGN KEY (evento_interno_id, persona_id) REFERENCES evento_asistentes (evento_interno_id, persona_id) ON DELETE CASCADE`);
    await q.query(`DROP TABLE persona_fusiones`);
  }
}
