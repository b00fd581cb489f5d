import type { DataSource } from 'typeorm';
import type { DemoSeeder } from '@core/database/seed-runner';
import { computeSeatLayout, listSeats } from '@shared/rules/seat-layout';

interface DemoSection {
  nombre: string;
  codigo: string;
  filas: number;
  asientos_por_fila: number;
  color: string;
}

const DEMO_SPACES: Array<{ nombre: string; descripcion: string; layout_config: string | null; secciones: DemoSection[] }> = [
  {
    nombre: 'Auditorio Municipal Luis Elizondo',
    descripcion: 'Auditorio principal: tres plateas frente al escenario y dos balcones.',
    layout_config: '3,2',
    secciones: [
      { nombre: 'Platea Izquierda', codigo: 'PI', filas: 12, asientos_por_fila: 10, color: '#3B82F6' },
      { nombre: 'Platea Central', codigo: 'PC', filas: 14, asientos_por_fila: 16, color: '#10B981' },
      { nombre: 'Platea Derecha', codigo: 'PD', filas: 12, asientos_por_fila: 10, color: '#3B82F6' },
      { nombre: 'Balcón Izquierdo', codigo: 'BI', filas: 6, asientos_por_fila: 12, color: '#8B5CF6' },
      { nombre: 'Balcón Derecho', codigo: 'BD', filas: 6, asientos_por_fila: 12, color: '#8B5CF6' },
    ],
  },
  {
    nombre: 'Salón de Cabildo',
    descripcion: 'Sesiones de cabildo, ruedas de prensa y reuniones con vecinos.',
    layout_config: null,
    secciones: [
      { nombre: 'Regidores', codigo: 'RG', filas: 2, asientos_por_fila: 8, color: '#F59E0B' },
      { nombre: 'Público', codigo: 'PU', filas: 6, asientos_por_fila: 12, color: '#EC4899' },
    ],
  },
  {
    nombre: 'Explanada de los Héroes',
    descripcion: 'Eventos masivos al aire libre frente al Palacio Municipal.',
    layout_config: '2,2',
    secciones: ['A', 'B', 'C', 'D'].map((c, i) => ({
      nombre: `Tribuna ${c}`,
      codigo: `T${c}`,
      filas: 50,
      asientos_por_fila: 40,
      color: ['#3B82F6', '#10B981', '#EF4444', '#F59E0B'][i],
    })),
  },
];

/** Two or three believable spaces, with their seats labelled by the seat-label engine; skipped when the name exists. */
async function seedSpaces(ds: DataSource): Promise<number> {
  const [admin]: Array<{ id: number }> = await ds.query(`SELECT id FROM users WHERE is_super_admin ORDER BY id LIMIT 1`);
  let created = 0;
  for (const space of DEMO_SPACES) {
    if ((await ds.query(`SELECT 1 FROM espacios WHERE nombre = $1`, [space.nombre])).length) continue;
    await ds.transaction(async (m) => {
      const [{ id }]: Array<{ id: number }> = await m.query(
        `INSERT INTO espacios (nombre, descripcion, layout_config, created_by) VALUES ($1, $2, $3, $4) RETURNING id`,
        [space.nombre, space.descripcion, space.layout_config, admin?.id ?? null],
      );
      for (const [orden, s] of space.secciones.entries()) {
        await m.query(
          `INSERT INTO secciones (espacio_id, nombre, codigo, color, orden, filas, asientos_por_fila, posicion_x, posicion_y)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8)`,
          [id, s.nombre, s.codigo, s.color, orden, s.filas, s.asientos_por_fila, orden * 10],
        );
      }
      const seats = listSeats(computeSeatLayout(space.secciones, space.layout_config));
      await m.query(
        `INSERT INTO asientos (seccion_id, espacio_id, fila, numero, codigo)
         SELECT s.id, $1, t.fila, t.numero, t.codigo
           FROM unnest($2::text[], $3::smallint[], $4::smallint[], $5::text[]) AS t(seccion_codigo, fila, numero, codigo)
           JOIN secciones s ON s.espacio_id = $1 AND s.codigo = t.seccion_codigo`,
        [id, seats.map((x) => x.sectionCode), seats.map((x) => x.fila), seats.map((x) => x.numero), seats.map((x) => x.codigo)],
      );
    });
    created++;
  }
  return created;
}

/** The demo auditorium (the confirmed demo internal event takes place there). */
export const DEMO_SPACE_NAME = DEMO_SPACES[0].nombre;

export const spacesSeeder: DemoSeeder = {
  area: 'spaces',
  seed: async (ds) => `${await seedSpaces(ds)} espacios nuevos`,
};
