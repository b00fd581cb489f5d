import type { DataSource } from 'typeorm';
import type { DemoSeeder } from '@core/database/seed-runner';

/**
 * Seats given in the demo: in every internal event that takes place in a space and has no seat given yet, the
 * first twelve confirmed attendees get one, front rows first (the internal-events seeder runs first).
 */
async function seedSeats(ds: DataSource): Promise<number> {
  const rows: Array<{ n: number }> = await ds.query(
    `WITH events AS (
       SELECT ee.evento_interno_id AS id, ee.espacio_id FROM evento_espacios ee
        WHERE NOT EXISTS (SELECT 1 FROM asiento_asignaciones x WHERE x.evento_interno_id = ee.evento_interno_id)
     ), given AS (
       INSERT INTO asiento_asignaciones (evento_interno_id, asiento_id, persona_id)
       SELECT e.id, s.id, a.persona_id
         FROM events e
         JOIN LATERAL (SELECT persona_id, row_number() OVER (ORDER BY persona_id) AS n FROM evento_asistentes
                        WHERE evento_interno_id = e.id AND confirmacion = 'confirmado' ORDER BY persona_id LIMIT 12) a ON true
         JOIN LATERAL (SELECT id, row_number() OVER (ORDER BY seccion_id, fila, numero) AS n FROM asientos
                        WHERE espacio_id = e.espacio_id) s ON s.n = a.n
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM given`,
  );
  return rows[0].n;
}

export const seatingSeeder: DemoSeeder = {
  area: 'seating',
  seed: async (ds) => `${await seedSeats(ds)} asientos dados`,
};
