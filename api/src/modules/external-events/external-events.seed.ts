import type { DataSource, EntityManager } from 'typeorm';
import { APELLIDOS, NOMBRES } from '@core/database/demo-data';
import type { DemoSeeder } from '@core/database/seed-runner';
import { isoDateInZone } from '@core/format/display-dates';
import { seedDoorDay } from '../door/door.seed';
import { storeDemoMail } from '../mail/demo-mail';

const EMPRESAS = ['CEMEX', 'FEMSA', 'ALFA', 'TERNIUM', 'BANORTE', 'ARCA CONTINENTAL', 'VITRO', 'GRUMA', null, null];
const TIPOS = ['Emprendedor', 'Empresario', 'Ejecutivo', 'Estudiante', 'Otro'];

interface DemoEvent {
  title: string;
  slug: string;
  status: string;
  days: number;
  capacity: number;
  registrations: number;
  featured?: boolean;
  location: string;
  description: string;
  /** The event happening today: its door, with people inside through two gates. */
  door?: { aforo: number; attended: number; gates: string[] };
}

const DEMO_EVENTS: DemoEvent[] = [
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
    title: 'Festival de la Luz en la Macroplaza',
    slug: 'festival-de-la-luz-en-la-macroplaza',
    status: 'published',
    days: 0,
    capacity: 600,
    registrations: 420,
    location: 'Explanada de la Macroplaza',
    description:
      'Hoy: música, proyecciones y faroles en el corazón de la ciudad. Entrada por la Puerta Norte o la Puerta Sur con tu código.',
    door: { aforo: 380, attended: 330, gates: ['Puerta Norte', 'Puerta Sur'] },
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

/** Today's event: it began two hours ago (never before today's midnight in Monterrey) and ends in four. */
function todaysStart(now: Date): Date {
  const midnight = new Date(`${isoDateInZone(now, 'America/Monterrey')}T00:00:00-06:00`);
  return new Date(Math.max(now.getTime() - 2 * 3600_000, midnight.getTime() + 60_000));
}

async function insertRegistrations(
  m: EntityManager,
  id: number,
  index: number,
  e: DemoEvent,
): Promise<Array<{ id: number; codigo: string; created_at: Date }>> {
  const rows: Array<{ id: number; codigo: string; created_at: Date }> = [];
  for (let i = 0; i < e.registrations; i++) {
    const block = Math.floor(i / NOMBRES.length);
    const nombre = NOMBRES[(i * 7 + index) % NOMBRES.length];
    const paterno = APELLIDOS[(i * 3 + index + block) % APELLIDOS.length];
    const materno = APELLIDOS[(i * 5 + 2 + block * 3) % APELLIDOS.length];
    const email = `${nombre.split(' ')[0]}.${paterno.replace(/ /g, '')}${i}@correo.mx`
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase();
    // Today's event: everyone starts registered; the door marks attended whoever it admitted.
    const status = e.door
      ? 'registered'
      : e.status === 'completed'
        ? i % 4 === 0
          ? 'no_show'
          : 'attended'
        : i % 3 === 0
          ? 'attended'
          : 'registered';
    const [row] = await m.query(
      `INSERT INTO external_registrations (event_id, nombre, apellido_paterno, apellido_materno, fecha_nacimiento, phone, email, empresa, tipo_participante, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() - ($11 || ' minutes')::interval) RETURNING id, codigo, created_at`,
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
        status,
        String(e.door ? 180 + i * 23 : i * 37),
      ],
    );
    rows.push(row);
  }
  return rows;
}

/**
 * The demo events, each once (by slug), with their registrations; today's event also gets its day at the door
 * (door/door.seed.ts: scans at two gates, people inside, the sparkline) and its attendees marked attended.
 */
async function seedExternalEvents(ds: DataSource): Promise<{ created: number; today: string | null }> {
  let created = 0;
  let today: string | null = null;
  for (const [index, e] of DEMO_EVENTS.entries()) {
    const exists = await ds.query(`SELECT 1 FROM external_events WHERE slug = $1`, [e.slug]);
    if (exists.length) continue;
    const now = new Date();
    const start = e.door ? todaysStart(now) : new Date(now.getTime() + e.days * 86400000);
    if (!e.door) start.setUTCHours(16 + (index % 3), 0, 0, 0);
    await ds.transaction(async (m) => {
      const [{ id }] = await m.query(
        `INSERT INTO external_events (title, description, event_date, end_date, location, max_attendees, current_attendees, status, slug, is_featured, requirements, agenda, aforo_maximo)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
        [
          e.title,
          e.description,
          start,
          new Date(start.getTime() + (e.door ? 6 : 4) * 3600000),
          e.location,
          e.capacity,
          e.registrations,
          e.status,
          e.slug,
          e.featured ?? false,
          JSON.stringify(['Identificación oficial', 'Registro previo en línea']),
          JSON.stringify(['Bienvenida', 'Actividades principales', 'Cierre y conclusiones']),
          e.door?.aforo ?? null,
        ],
      );
      const registrations = await insertRegistrations(m, id, index, e);
      if (e.door) {
        const day = await seedDoorDay(
          m,
          { kind: 'externo', eventId: id },
          {
            people: registrations.map((r) => ({ holderId: r.id, code: r.codigo })),
            attended: e.door.attended,
            capacity: e.door.aforo,
            gates: e.door.gates,
            from: start,
            to: new Date(now.getTime() - 3 * 60_000),
          },
        );
        await m.query(`UPDATE external_registrations SET status = 'attended' WHERE event_id = $1 AND id = ANY($2::int[])`, [
          id,
          day.admitted,
        ]);
        today = `${e.title}: ${day.admitted.length} asistentes por ${e.door.gates.length} puertas, ${day.inside} dentro`;
      }
    });
    created++;
  }
  return { created, today };
}

/**
 * The confirmation mail each demo registration would have produced (registro.confirmacion, through the same SQL the
 * public registration calls), stored as without SMTP (mail/demo-mail.ts) so the Correos screen is not empty on a
 * first look. Every demo registration without its message gets one: also those of an earlier seed.
 */
async function seedRegistrationMail(ds: DataSource): Promise<number> {
  return ds.transaction(async (m) => {
    const rows: Array<{ key: string; at: Date }> = await m.query(
      `SELECT 'registro.confirmacion:' || r.id AS key, r.created_at AS at, external_queue_confirmation(e, r)
         FROM external_events e JOIN external_registrations r ON r.event_id = e.id
        WHERE e.slug = ANY($1::text[]) AND r.status <> 'cancelled'
          AND NOT EXISTS (SELECT 1 FROM correos c WHERE c.idempotency_key = 'registro.confirmacion:' || r.id)`,
      [DEMO_EVENTS.map((e) => e.slug)],
    );
    return storeDemoMail(m, rows);
  });
}

export const externalEventsSeeder: DemoSeeder = {
  area: 'external-events',
  seed: async (ds) => {
    const { created, today } = await seedExternalEvents(ds);
    const mails = await seedRegistrationMail(ds);
    return [`${created} eventos externos nuevos`, ...(today ? [`hoy: ${today}`] : []), `${mails} correos de registro guardados`].join(', ');
  },
};
