import * as bcrypt from 'bcrypt';
import { DataSource } from 'typeorm';
import type { Permissions } from '@shared/permissions';
import type { AppConfig } from '../config/app-config';
import { BCRYPT_ROUNDS } from '../constants';
import { UserEntity } from '../../modules/users/user.entity';
import { distinctConfirmationCodes } from '../../modules/internal-events/confirmation-codes';
import { completeness, dedupeKey, searchText, sortKey } from '@shared/rules/persona-rules';
import { computeSeatLayout, listSeats } from '@shared/rules/seat-layout';

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
    // Each block of 16 shifts the surnames, so names do not repeat every 16 people (the list is sorted by
    // surname: with a 16-person cycle its first page showed one name ten times).
    const block = Math.floor(i / NOMBRES.length);
    const nombre = NOMBRES[i % NOMBRES.length];
    const paterno = APELLIDOS[(i * 7 + 3 + block) % APELLIDOS.length];
    const materno = APELLIDOS[(i * 11 + 5 + block * 3) % APELLIDOS.length];
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
  const spaces = await seedSpaces(ds);
  const internal = await seedInternalEvents(ds);
  const programs = await seedPrograms(ds);
  return `Datos de demostración: ${created} usuarios nuevos (contraseña de todos: ${DEMO_PASSWORD}), ${events} eventos externos nuevos, ${people} personas nuevas, ${spaces} espacios nuevos, ${internal} eventos internos nuevos, ${programs} programas nuevos.`;
}

// ---------------------------------------------------------------- internal events (issue 12)

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

/** The confirmed demo event takes place in the demo auditorium (seedSpaces runs first). */
async function demoSpace(ds: DataSource): Promise<number | null> {
  const [found]: Array<{ id: number }> = await ds.query(`SELECT id FROM espacios WHERE nombre = $1 LIMIT 1`, [DEMO_SPACES[0].nombre]);
  return found?.id ?? null;
}

/** Internal events in every state with invited people (codes from the same generator as the API); the confirmed one in the demo space with some seats given. */
async function seedInternalEvents(ds: DataSource): Promise<number> {
  const espacioId = await demoSpace(ds);
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
      // The first confirmed ones get seats, front rows first.
      await ds.query(
        `INSERT INTO asiento_asignaciones (evento_interno_id, asiento_id, persona_id)
         SELECT $1, s.id, a.persona_id
           FROM (SELECT persona_id, row_number() OVER (ORDER BY persona_id) AS n FROM evento_asistentes
                  WHERE evento_interno_id = $1 AND confirmacion = 'confirmado' LIMIT 12) a
           JOIN (SELECT id, row_number() OVER (ORDER BY seccion_id, fila, numero) AS n FROM asientos WHERE espacio_id = $2) s ON s.n = a.n`,
        [eventId, espacioId],
      );
    }
  }
  return created;
}

// ───────────── Spaces (seating-layout templates) ─────────────

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

// ——— Programs and services (issue 14) ———

const DEMO_PROGRAMS: Array<{
  slug: string;
  nombre: string;
  descripcion: string;
  tipo: 'continuo' | 'fecha_especifica';
  days?: number;
  ubicacion: string;
  max: number | null;
  status: 'draft' | 'published' | 'closed';
  featured?: boolean;
  registrations: number;
  requisitos: string[];
  beneficios: string[];
}> = [
  {
    slug: 'impulso-a-mujeres-emprendedoras',
    nombre: 'IMPULSO A MUJERES EMPRENDEDORAS',
    descripcion:
      'Asesoría personalizada, talleres de finanzas y acceso a capital semilla para mujeres con un negocio en marcha o una idea por iniciar.',
    tipo: 'continuo',
    ubicacion: 'CENTRO DE EMPRENDIMIENTO MUNICIPAL, ZARAGOZA 1000',
    max: 60,
    status: 'published',
    featured: true,
    registrations: 18,
    requisitos: ['INE VIGENTE', 'COMPROBANTE DE DOMICILIO', 'CURP'],
    beneficios: ['ASESORÍA GRATUITA DURANTE 6 MESES', 'TALLERES DE FINANZAS Y VENTAS', 'ACCESO A CAPITAL SEMILLA'],
  },
  {
    slug: 'feria-de-servicios-municipales',
    nombre: 'FERIA DE SERVICIOS MUNICIPALES',
    descripcion: 'Trámites, consultas médicas y asesoría legal gratuita en tu colonia, en una sola jornada.',
    tipo: 'fecha_especifica',
    days: 20,
    ubicacion: 'PLAZA ZARAGOZA',
    max: 12,
    status: 'published',
    registrations: 12,
    requisitos: ['IDENTIFICACIÓN OFICIAL'],
    beneficios: ['TRÁMITES SIN FILA', 'CONSULTA MÉDICA GRATUITA'],
  },
  {
    slug: 'taller-de-oficios-2027',
    nombre: 'TALLER DE OFICIOS 2027',
    descripcion: 'Carpintería, herrería y electricidad básica con certificación municipal.',
    tipo: 'fecha_especifica',
    days: 60,
    ubicacion: 'CENTRO COMUNITARIO INDEPENDENCIA',
    max: 30,
    status: 'draft',
    registrations: 0,
    requisitos: ['SER MAYOR DE 16 AÑOS'],
    beneficios: ['CONSTANCIA CON VALOR CURRICULAR'],
  },
  {
    slug: 'becas-de-transporte-2026',
    nombre: 'BECAS DE TRANSPORTE 2026',
    descripcion: 'Apoyo mensual de transporte para estudiantes de preparatoria y universidad.',
    tipo: 'continuo',
    ubicacion: 'DIRECCIÓN DE EDUCACIÓN',
    max: null,
    status: 'closed',
    registrations: 9,
    requisitos: ['CONSTANCIA DE ESTUDIOS', 'INE O CREDENCIAL ESCOLAR'],
    beneficios: ['APOYO MENSUAL DE TRANSPORTE'],
  },
];

const GIROS = ['alimentos', 'moda', 'tecnologia', 'servicios', 'otro'] as const;
const TIEMPOS = ['menos_6_meses', '6_12_meses', 'mas_1_ano'] as const;
const NEGOCIOS = ['TAMALES DOÑA MARY', 'BOUTIQUE LA REGIA', 'SOPORTE TÉCNICO DEL NORTE', 'ESTÉTICA ANAHUAC', 'ARTESANÍAS SANTA LUCÍA'];

/** Programs in every state, with registrations whose places add up (participantes_actuales = pendiente + confirmado). */
async function seedPrograms(ds: DataSource): Promise<number> {
  let created = 0;
  for (const [index, p] of DEMO_PROGRAMS.entries()) {
    if ((await ds.query(`SELECT 1 FROM programas WHERE slug = $1`, [p.slug])).length) continue;
    const start = p.days === undefined ? null : new Date(Date.now() + p.days * 86400000);
    if (start) start.setUTCHours(15, 0, 0, 0);
    const regs = Array.from({ length: p.registrations }, (_, i) => {
      const nombre = NOMBRES[(i * 5 + index * 3) % NOMBRES.length];
      const paterno = APELLIDOS[(i * 3 + index) % APELLIDOS.length];
      const business = i % 3 !== 2;
      const giro = GIROS[i % GIROS.length];
      return {
        nombre,
        paterno,
        materno: APELLIDOS[(i * 7 + 1) % APELLIDOS.length],
        email: `${nombre.split(' ')[0]}.${paterno.replace(/ /g, '')}.p${index}${i}@correo.mx`
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toUpperCase(),
        status:
          p.status === 'closed'
            ? i % 4 === 0
              ? 'cancelado'
              : 'confirmado'
            : i % 4 === 0
              ? 'confirmado'
              : i % 7 === 3
                ? 'cancelado'
                : 'pendiente',
        business,
        giro,
        i,
      };
    });
    // Cancelled registrations hold no place; the seed keeps the counter true to that.
    const holding = regs.filter((r) => r.status !== 'cancelado').length;
    const [{ id }] = await ds.query(
      `INSERT INTO programas (slug, nombre, descripcion, tipo, fecha_inicio, fecha_fin, ubicacion, max_participantes, participantes_actuales, status, requisitos, beneficios, es_destacado)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
      [
        p.slug,
        p.nombre,
        p.descripcion,
        p.tipo,
        start,
        start ? new Date(start.getTime() + 7 * 3600000) : null,
        p.ubicacion,
        p.max !== null ? Math.max(p.max, holding) : null,
        holding,
        p.status,
        JSON.stringify(p.requisitos),
        JSON.stringify(p.beneficios),
        p.featured ?? false,
      ],
    );
    for (const r of regs) {
      await ds.query(
        `INSERT INTO programa_registros (programa_id, nombre, apellido_paterno, apellido_materno, fecha_nacimiento, celular, correo_electronico,
           calle, numero, colonia, municipio, tiene_emprendimiento, nombre_emprendimiento, giro_sector, giro_sector_otro, tiempo_operando,
           tiene_redes_sociales, redes_sociales_enlace, negocio_formalizado, rfc, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, now() - ($22 || ' minutes')::interval)`,
        [
          id,
          r.nombre,
          r.paterno,
          r.materno,
          `${1965 + ((r.i * 7) % 40)}-${String(1 + (r.i % 12)).padStart(2, '0')}-${String(1 + (r.i % 28)).padStart(2, '0')}`,
          String(8120000000 + r.i * 7919 + index),
          r.email,
          CALLES[r.i % CALLES.length],
          String(100 + r.i * 13),
          COLONIAS[r.i % COLONIAS.length],
          CIUDADES[r.i % CIUDADES.length],
          r.business ? 'si' : 'no',
          r.business ? NEGOCIOS[r.i % NEGOCIOS.length] : null,
          r.business ? r.giro : null,
          r.business && r.giro === 'otro' ? 'ARTESANÍAS' : null,
          r.business ? TIEMPOS[r.i % TIEMPOS.length] : null,
          r.business ? (r.i % 2 ? 'si' : 'no') : null,
          r.business && r.i % 2 ? `https://facebook.com/negocio${index}${r.i}` : null,
          r.business ? (r.i % 4 === 1 ? 'si' : 'no') : null,
          r.business && r.i % 4 === 1 ? `GAML${String(850101 + r.i).slice(-6)}AB${r.i % 10}` : null,
          r.status,
          String(r.i * 53),
        ],
      );
    }
    created++;
  }
  return created;
}
