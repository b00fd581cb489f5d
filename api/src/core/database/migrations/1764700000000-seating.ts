import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Seating: the mass assignments (one row per request, the job's idempotency key and its
 * result), the reference of each assignment to the mass assignment that gave it, and the per-event
 * seating version that orders the pushed deltas of the seating map.
 */
export class Seating1764700000000 implements MigrationInterface {
  name = 'Seating1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE asignaciones_masivas (
        id uuid PRIMARY KEY,
        evento_interno_id integer NOT NULL REFERENCES eventos_internos (id) ON DELETE CASCADE,
        seccion_id integer NOT NULL REFERENCES secciones (id) ON DELETE CASCADE,
        persona_ids integer[] NOT NULL,
        status text NOT NULL DEFAULT 'queued',
        processed integer NOT NULL DEFAULT 0,
        assigned_count integer NOT NULL DEFAULT 0,
        failed_count integer NOT NULL DEFAULT 0,
        message text,
        failure_reasons jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_by integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        undone_at timestamptz,
        released_count integer,
        CONSTRAINT asignaciones_masivas_status_check CHECK (status IN ('queued', 'processing', 'completed', 'failed'))
      )`);
    await q.query(`CREATE INDEX asignaciones_masivas_evento_idx ON asignaciones_masivas (evento_interno_id, created_at DESC)`);
    // An assignment given by a mass assignment names it while it is held; the undo releases exactly those.
    await q.query(`ALTER TABLE asiento_asignaciones ADD CONSTRAINT asiento_asignaciones_masiva_fkey
      FOREIGN KEY (asignacion_masiva_id) REFERENCES asignaciones_masivas (id) ON DELETE SET NULL`);
    await q.query(
      `CREATE INDEX asiento_asignaciones_masiva_idx ON asiento_asignaciones (asignacion_masiva_id) WHERE asignacion_masiva_id IS NOT NULL`,
    );
    // Grows by one with every seating change made through the seating module: deltas carry it, a client that
    // sees a gap refetches the map. Its own row, so the event's row is never locked by a seat change.
    await q.query(`
      CREATE TABLE evento_asientos_version (
        evento_interno_id integer PRIMARY KEY REFERENCES eventos_internos (id) ON DELETE CASCADE,
        version bigint NOT NULL DEFAULT 0
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS evento_asientos_version`);
    await q.query(`ALTER TABLE asiento_asignaciones DROP CONSTRAINT IF EXISTS asiento_asignaciones_masiva_fkey`);
    await q.query(`DROP INDEX IF EXISTS asiento_asignaciones_masiva_idx`);
    await q.query(`DROP TABLE IF EXISTS asignaciones_masivas`);
  }
}
