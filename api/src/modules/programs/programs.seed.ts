import type { DataSource } from 'typeorm';
import { APELLIDOS, CALLES, CIUDADES, COLONIAS, NOMBRES } from '@core/database/demo-data';
import type { DemoSeeder } from '@core/database/seed-runner';
import type { ProgramRegistrationResponse } from '@shared/contracts/programs.contract';
import { storeDemoMail } from '../mail/demo-mail';
import { MailOutbox } from '../mail/mail-outbox';
import { receivedMail } from './program-applications';
import { ProgramsRepository } from './programs.repository';

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

/**
 * The 'solicitud recibida' each demo application would have produced (the message the public form queues, built by the
 * same function), stored as without SMTP (mail/demo-mail.ts). Every demo application without it gets it: also those
 * of an earlier seed.
 */
async function seedApplicationMail(ds: DataSource): Promise<number> {
  const programs = new ProgramsRepository(ds);
  return ds.transaction(async (m) => {
    const rows: Array<ProgramRegistrationResponse & { programa_id: number; at: Date }> = await m.query(
      `SELECT r.id, r.programa_id, r.nombre, r.apellido_paterno, r.apellido_materno, r.correo_electronico, r.created_at AS at
         FROM programa_registros r JOIN programas p ON p.id = r.programa_id
        WHERE p.slug = ANY($1::text[])
          AND NOT EXISTS (SELECT 1 FROM correos c WHERE c.idempotency_key = 'programa.solicitud-recibida:' || r.id)
        ORDER BY r.id`,
      [DEMO_PROGRAMS.map((p) => p.slug)],
    );
    const mails = [];
    for (const r of rows) mails.push(await receivedMail(programs, m, r.programa_id, r));
    await new MailOutbox().queue(m, mails);
    return storeDemoMail(
      m,
      mails.map((mail, i) => ({ key: mail.key, at: rows[i].at })),
    );
  });
}

export const programsSeeder: DemoSeeder = {
  area: 'programs',
  seed: async (ds) => `${await seedPrograms(ds)} programas nuevos, ${await seedApplicationMail(ds)} correos de solicitud guardados`,
};
