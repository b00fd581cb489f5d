import type { DataSource } from 'typeorm';
import { APELLIDOS, NOMBRES } from '@core/database/demo-data';
import type { DemoSeeder } from '@core/database/seed-runner';

const EMPRESAS = ['CEMEX', 'FEMSA', 'ALFA', 'TERNIUM', 'BANORTE', 'ARCA CONTINENTAL', 'VITRO', 'GRUMA', null, null];
const TIPOS = ['Emprendedor', 'Empresario', 'Ejecutivo', 'Estudiante', 'Otro'];

const DEMO_EVENTS: Array<{
  title: string;
  slug: string;
  status: string;
  days: number;
  capacity: number;
  registrations: number;
  featured?: boolean;
  location: string;
  description: string;
}> = [
  {
    title: 'Feria del Empleo Monterrey 2027',
    slug: 'feria-del-empleo-monterrey-2027',
    status: 'published',
    days: 20,
    capacity: 300,
    registrations: 64,
    featured: true,
    location: 'Parque Fundidora, Nave Lewis',
    description: 'Más de 80 empresas regiomontanas con vacantes para todos los perfiles. Lleva tu CV impreso.',
  },
  {
    title: 'Taller de Emprendimiento Digital',
    slug: 'taller-de-emprendimiento-digital',
    status: 'published',
    days: 9,
    capacity: 40,
    registrations: 34,
    location: 'Biblioteca Central Fray Servando Teresa de Mier',
    description: 'Aprende a vender en línea, facturar y promover tu negocio en redes sociales.',
  },
  {
    title: 'Foro de Seguridad Vecinal',
    slug: 'foro-de-seguridad-vecinal',
    status: 'published',
    days: 4,
    capacity: 25,
    registrations: 25,
    location: 'Auditorio del Palacio Municipal',
    description: 'Autoridades y vecinos construyen juntos estrategias de prevención.',
  },
  {
    title: 'Concierto de la Orquesta Municipal',
    slug: 'concierto-de-la-orquesta-municipal',
    status: 'draft',
    days: 45,
    capacity: 500,
    registrations: 0,
    location: 'Explanada de la Macroplaza',
    description: 'Un recorrido por la música mexicana del siglo XX.',
  },
  {
    title: 'Jornada de Salud Preventiva',
    slug: 'jornada-de-salud-preventiva',
    status: 'completed',
    days: -12,
    capacity: 150,
    registrations: 41,
    location: 'Centro Comunitario San Bernabé',
    description: 'Consultas gratuitas, vacunación y detección oportuna.',
  },
  {
    title: 'Carrera Recreativa 5K',
    slug: 'carrera-recreativa-5k',
    status: 'cancelled',
    days: 15,
    capacity: 800,
    registrations: 12,
    location: 'Parque Niños Héroes',
    description: 'Cancelada por obras en el circuito; se reprogramará.',
  },
];

async function seedExternalEvents(ds: DataSource): Promise<number> {
  let created = 0;
  for (const [index, e] of DEMO_EVENTS.entries()) {
    const exists = await ds.query(`SELECT 1 FROM external_events WHERE slug = $1`, [e.slug]);
    if (exists.length) continue;
    const start = new Date(Date.now() + e.days * 86400000);
    start.setUTCHours(16 + (index % 3), 0, 0, 0);
    const [{ id }] = await ds.query(
      `INSERT INTO external_events (title, description, event_date, end_date, location, max_attendees, current_attendees, status, slug, is_featured, requirements, agenda)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      [
        e.title,
        e.description,
        start,
        new Date(start.getTime() + 4 * 3600000),
        e.location,
        e.capacity,
        e.registrations,
        e.status,
        e.slug,
        e.featured ?? false,
        JSON.stringify(['Identificación oficial', 'Registro previo en línea']),
        JSON.stringify(['Bienvenida', 'Actividades principales', 'Cierre y conclusiones']),
      ],
    );
    for (let i = 0; i < e.registrations; i++) {
      const block = Math.floor(i / NOMBRES.length);
      const nombre = NOMBRES[(i * 7 + index) % NOMBRES.length];
      const paterno = APELLIDOS[(i * 3 + index + block) % APELLIDOS.length];
      const materno = APELLIDOS[(i * 5 + 2 + block * 3) % APELLIDOS.length];
      const email = `${nombre.split(' ')[0]}.${paterno.replace(/ /g, '')}${i}@correo.mx`
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toUpperCase();
      await ds.query(
        `INSERT INTO external_registrations (event_id, nombre, apellido_paterno, apellido_materno, fecha_nacimiento, phone, email, empresa, tipo_participante, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() - ($11 || ' minutes')::interval)`,
        [
          id,
          nombre,
          paterno,
          materno,
          `${1960 + ((i * 7) % 45)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
          String(8110000000 + i * 7919 + index),
          email,
          EMPRESAS[i % EMPRESAS.length],
          TIPOS[i % TIPOS.length],
          e.status === 'completed' ? (i % 4 === 0 ? 'no_show' : 'attended') : i % 3 === 0 ? 'attended' : 'registered',
          String(i * 37),
        ],
      );
    }
    created++;
  }
  return created;
}

export const externalEventsSeeder: DemoSeeder = {
  area: 'external-events',
  seed: async (ds) => `${await seedExternalEvents(ds)} eventos externos nuevos`,
};
