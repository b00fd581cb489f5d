import type { DataSource } from 'typeorm';
import type { DemoSeeder } from '@core/database/seed-runner';
import { distinctConfirmationCodes } from './confirmation-codes';

const DEMO_INTERNAL_EVENTS: Array<{
  slug: string;
  titulo: string;
  descripcion: string;
  tipo: string;
  estado: string;
  days: number;
  people: number;
}> = [
  {
    slug: 'informe-anual-de-actividades',
    titulo: 'Informe Anual de Actividades',
    descripcion: 'Presentación del informe anual ante el Cabildo, funcionarios y representantes de la sociedad civil.',
    tipo: 'presentacion',
    estado: 'confirmado',
    days: 10,
    people: 80,
  },
  {
    slug: 'reunion-de-gabinete-de-seguridad',
    titulo: 'Reunión de Gabinete de Seguridad',
    descripcion: 'Seguimiento mensual de los indicadores de seguridad con las secretarías.',
    tipo: 'reunion',
    estado: 'borrador',
    days: 20,
    people: 12,
  },
  {
    slug: 'taller-de-proteccion-civil',
    titulo: 'Taller de Protección Civil',
    descripcion: 'Capacitación para brigadistas de las dependencias municipales.',
    tipo: 'taller',
    estado: 'completado',
    days: -15,
    people: 30,
  },
  {
    slug: 'conferencia-de-desarrollo-economico',
    titulo: 'Conferencia de Desarrollo Económico',
    descripcion: 'Encuentro con cámaras empresariales (cancelado por agenda).',
    tipo: 'conferencia',
    estado: 'cancelado',
    days: 5,
    people: 20,
  },
];

/** The confirmed demo event takes place in the demo auditorium (the spaces seeder runs first). */
async function demoSpace(ds: DataSource, spaceName: string): Promise<number | null> {
  const [found]: Array<{ id: number }> = await ds.query(`SELECT id FROM espacios WHERE nombre = $1 LIMIT 1`, [spaceName]);
  return found?.id ?? null;
}

/** Internal events in every state with invited people (codes from the same generator as the API); the confirmed one in the demo space (its seats: seating.seed.ts). */
async function seedInternalEvents(ds: DataSource, spaceName: string): Promise<number> {
  const espacioId = await demoSpace(ds, spaceName);
  const people: Array<{ id: number }> = await ds.query(`SELECT id FROM personas ORDER BY sort_key, id LIMIT 200`);
  let created = 0;
  for (const [k, e] of DEMO_INTERNAL_EVENTS.entries()) {
    const start = new Date(Date.now() + e.days * 86_400_000);
    start.setUTCHours(17, 0, 0, 0);
    const inserted: Array<{ id: number }> = await ds.query(
      `INSERT INTO eventos_internos (slug, titulo, descripcion, fecha_evento, fecha_fin, ubicacion, tipo, estado)
       VALUES ($1, $2, $3, $4, $5, 'Palacio Municipal, Monterrey', $6, $7) ON CONFLICT (slug) DO NOTHING RETURNING id`,
      [e.slug, e.titulo, e.descripcion, start, new Date(start.getTime() + 2 * 3_600_000), e.tipo, e.estado],
    );
    if (!inserted.length) continue;
    created++;
    const eventId = inserted[0].id;
    const invited = people.slice((k * 37) % 60, ((k * 37) % 60) + e.people).map((p) => p.id);
    const codes = distinctConfirmationCodes(invited.length);
    const confirmacion = (i: number) =>
      e.estado === 'completado'
        ? i % 4 === 0
          ? 'no_asistio'
          : 'asistio'
        : i % 3 === 0
          ? 'confirmado'
          : i % 7 === 0
            ? 'rechazado'
            : 'pendiente';
    await ds.query(
      `INSERT INTO evento_asistentes (evento_interno_id, persona_id, confirmation_code, confirmacion)
       SELECT $1, p, c, s FROM unnest($2::int[], $3::text[], $4::text[]) AS t(p, c, s)`,
      [eventId, invited, codes, invited.map((_, i) => confirmacion(i))],
    );
    if (espacioId && e.estado === 'confirmado') {
      await ds.query(`INSERT INTO evento_espacios (evento_interno_id, espacio_id) VALUES ($1, $2)`, [eventId, espacioId]);
      await ds.query(`UPDATE eventos_internos SET permite_seleccion_asiento = true WHERE id = $1`, [eventId]);
    }
  }
  return created;
}

/** Internal events with invited people; `spaceName` is the demo space the confirmed one takes place in (seeded before). */
export const internalEventsSeeder = (spaceName: string): DemoSeeder => ({
  area: 'internal-events',
  seed: async (ds) => `${await seedInternalEvents(ds, spaceName)} eventos internos nuevos`,
});
