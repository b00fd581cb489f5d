import * as bcrypt from 'bcrypt';
import { DataSource } from 'typeorm';
import type { Permissions } from '../access/permissions';
import type { AppConfig } from '../config/app-config';
import { BCRYPT_ROUNDS } from '../constants';
import { UserEntity } from '../entities';
import { completeness, dedupeKey, searchText, sortKey } from '../people/persona-rules';

/** Creates the first super admin from ADMIN_EMAIL/ADMIN_PASSWORD when no user exists. */
export async function ensureFirstAdmin(ds: DataSource, config: AppConfig): Promise<boolean> {
  const repo = ds.getRepository(UserEntity);
  if ((await repo.count()) > 0) return false;
  await repo.insert({
    name: 'Administrador General',
    email: config.adminEmail,
    passwordHash: await bcrypt.hash(config.adminPassword, BCRYPT_ROUNDS),
    isSuperAdmin: true,
    permissions: {},
  });
  return true;
}

export const DEMO_PASSWORD = 'demo-aforo-2026';

const DEMO_USERS: Array<{ name: string; email: string; permissions: Permissions; isSuperAdmin?: boolean }> = [
  { name: 'María Fernanda Garza Treviño', email: 'maria.garza@demo.aforo.mx', permissions: {}, isSuperAdmin: true },
  {
    name: 'José Luis Villarreal Cantú',
    email: 'jose.villarreal@demo.aforo.mx',
    permissions: { eventos_externos: ['view', 'create', 'edit', 'delete'], programas_servicios: ['view', 'create', 'edit'] },
  },
  {
    name: 'Ana Sofía Elizondo Salinas',
    email: 'ana.elizondo@demo.aforo.mx',
    permissions: { eventos_internos: ['view', 'create', 'edit'], personas: ['view', 'create', 'edit'] },
  },
  {
    name: 'Carlos Eduardo Garza Leal',
    email: 'carlos.garza@demo.aforo.mx',
    permissions: { eventos_externos: ['view'], eventos_internos: ['view'] },
  },
  { name: 'Guadalupe Martínez Rodríguez', email: 'guadalupe.martinez@demo.aforo.mx', permissions: { personas: ['view'] } },
  { name: 'Roberto Treviño Cavazos', email: 'roberto.trevino@demo.aforo.mx', permissions: {} },
];

const NOMBRES = [
  'MARÍA FERNANDA',
  'JOSÉ LUIS',
  'ANA SOFÍA',
  'CARLOS EDUARDO',
  'GUADALUPE',
  'ROBERTO',
  'DANIELA',
  'JUAN PABLO',
  'XIMENA',
  'LUIS ÁNGEL',
  'VALERIA',
  'JORGE ALBERTO',
  'PAULINA',
  'RICARDO',
  'ITZEL',
  'EDUARDO',
];
const APELLIDOS = [
  'GARZA',
  'TREVIÑO',
  'VILLARREAL',
  'CANTÚ',
  'ELIZONDO',
  'SALINAS',
  'LEAL',
  'CAVAZOS',
  'MARTÍNEZ',
  'RODRÍGUEZ',
  'GONZÁLEZ',
  'HERNÁNDEZ',
  'DE LA GARZA',
  'SADA',
  'ZAMBRANO',
  'MONTEMAYOR',
];
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
      const nombre = NOMBRES[(i * 7 + index) % NOMBRES.length];
      const paterno = APELLIDOS[(i * 3 + index) % APELLIDOS.length];
      const materno = APELLIDOS[(i * 5 + 2) % APELLIDOS.length];
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

const CATALOGUES: Record<string, string[]> = {
  profesiones: [
    'LICENCIADO EN ADMINISTRACIÓN',
    'INGENIERO INDUSTRIAL',
    'CONTADOR PÚBLICO',
    'ABOGADO',
    'MÉDICO CIRUJANO',
    'ARQUITECTA',
    'INGENIERA EN SISTEMAS',
    'PSICÓLOGA',
  ],
  sectores: ['INDUSTRIA', 'COMERCIO', 'GOBIERNO', 'EDUCACIÓN', 'SALUD', 'SERVICIOS', 'TECNOLOGÍA', 'CONSTRUCCIÓN'],
  empresas: [
    'CEMEX',
    'FEMSA',
    'ALFA',
    'TERNIUM',
    'BANORTE',
    'ARCA CONTINENTAL',
    'VITRO',
    'GRUMA',
    'UANL',
    'TEC DE MONTERREY',
    'CANACO MONTERREY',
    'CAINTRA NUEVO LEÓN',
  ],
  puestos: [
    'DIRECTOR GENERAL',
    'GERENTE DE OPERACIONES',
    'COORDINADORA DE VINCULACIÓN',
    'ANALISTA',
    'JEFE DE COMPRAS',
    'PRESIDENTA',
    'RECTOR',
    'SUBDIRECTORA',
  ],
  zonas: ['NORTE', 'SUR', 'CENTRO', 'PONIENTE', 'ORIENTE'],
};
const COLONIAS = [
  'CENTRO',
  'OBISPADO',
  'MITRAS CENTRO',
  'CONTRY',
  'CUMBRES',
  'SAN JERÓNIMO',
  'VALLE ORIENTE',
  'LINDA VISTA',
  'DEL VALLE',
  'TECNOLÓGICO',
];
const CALLES = [
  'ZARAGOZA',
  'PADRE MIER',
  'HIDALGO',
  'CONSTITUCIÓN',
  'MORONES PRIETO',
  'GONZALITOS',
  'LÁZARO CÁRDENAS',
  'RUIZ CORTINES',
  'CHAPULTEPEC',
  'GARZA SADA',
];
const CIUDADES = [
  'MONTERREY',
  'SAN PEDRO GARZA GARCÍA',
  'SAN NICOLÁS DE LOS GARZA',
  'GUADALUPE',
  'APODACA',
  'SANTA CATARINA',
  'GENERAL ESCOBEDO',
];
const DEMO_PEOPLE = 300;

async function catalogueIds(ds: DataSource, table: string, names: string[]): Promise<number[]> {
  for (const nombre of names) await ds.query(`INSERT INTO ${table} (nombre) VALUES ($1) ON CONFLICT (nombre) DO NOTHING`, [nombre]);
  const rows: Array<{ id: number }> = await ds.query(`SELECT id FROM ${table} WHERE nombre = ANY($1) ORDER BY id`, [names]);
  return rows.map((r) => r.id);
}

/** A few hundred people at every completeness level (about a third each). */
async function seedPeople(ds: DataSource): Promise<number> {
  const ids: Record<string, number[]> = {};
  for (const [table, names] of Object.entries(CATALOGUES)) ids[table] = await catalogueIds(ds, table, names);
  let created = 0;
  for (let i = 0; i < DEMO_PEOPLE; i++) {
    const level = i % 3; // 0 básico, 1 intermedio, 2 completo
    const nombre = NOMBRES[(i * 5) % NOMBRES.length];
    const paterno = APELLIDOS[(i * 7 + 3) % APELLIDOS.length];
    const materno = APELLIDOS[(i * 11 + 5) % APELLIDOS.length];
    const cel = String(8180000000 + i * 104729);
    const p: Record<string, string | number | null> = {
      nombre,
      apellido_paterno: paterno,
      apellido_materno: level === 0 && i % 2 ? '' : materno,
      telefono_celular: cel,
      correo_electronico:
        level === 0
          ? null
          : `${nombre.split(' ')[0]}.${paterno.split(' ').pop()}${i}@correo.mx`.normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
      empresa_id: level === 0 ? null : ids.empresas[i % ids.empresas.length],
      sector_id: level === 0 ? null : ids.sectores[i % ids.sectores.length],
      puesto_id: level === 2 ? ids.puestos[i % ids.puestos.length] : null,
      profesion_id: level === 0 ? null : ids.profesiones[i % ids.profesiones.length],
      fecha_nacimiento:
        level === 2 ? `${1955 + (i % 45)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}` : null,
      direccion_calle: level === 2 ? CALLES[i % CALLES.length] : null,
      direccion_numero: level === 2 ? String(100 + ((i * 37) % 2900)) : null,
      direccion_colonia: level === 2 ? COLONIAS[i % COLONIAS.length] : null,
      direccion_ciudad: level === 2 ? CIUDADES[i % CIUDADES.length] : null,
      direccion_estado: level === 2 ? 'NUEVO LEÓN' : null,
      zona_id: ids.zonas[i % ids.zonas.length],
      invita: i % 4 === 0 ? 'OFICINA DE LA PRESIDENCIA MUNICIPAL' : null,
    };
    if (p.correo_electronico) p.correo_electronico = String(p.correo_electronico).toUpperCase();
    const fields = Object.keys(p);
    const values = fields.map((f) => p[f]);
    const inserted = await ds.query(
      `INSERT INTO personas (${fields.join(', ')}, completeness_level, search_text, sort_key, dedupe_key)
       VALUES (${fields.map((_, n) => `$${n + 1}`).join(', ')}, $${fields.length + 1}, $${fields.length + 2}, $${fields.length + 3}, $${fields.length + 4})
       ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING RETURNING id`,
      [
        ...values,
        completeness(p).level,
        searchText(p),
        sortKey(p as { nombre: string; apellido_paterno: string; apellido_materno: string }),
        dedupeKey(nombre, paterno, String(p.apellido_materno), cel),
      ],
    );
    created += inserted.length;
  }
  return created;
}

/** Believable demo data; idempotent (existing e-mails and slugs are left as they are). */
export async function seedDemo(ds: DataSource): Promise<string> {
  const hash = await bcrypt.hash(DEMO_PASSWORD, BCRYPT_ROUNDS);
  const result = await ds
    .createQueryBuilder()
    .insert()
    .into(UserEntity)
    .values(
      DEMO_USERS.map((u) => ({
        name: u.name,
        email: u.email,
        passwordHash: hash,
        isSuperAdmin: u.isSuperAdmin ?? false,
        permissions: u.permissions,
      })),
    )
    .orIgnore()
    .execute();
  const created = result.identifiers.filter(Boolean).length;
  const events = await seedExternalEvents(ds);
  const people = await seedPeople(ds);
  return `Datos de demostración: ${created} usuarios nuevos (contraseña de todos: ${DEMO_PASSWORD}), ${events} eventos externos nuevos, ${people} personas nuevas.`;
}
