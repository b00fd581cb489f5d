import type { DataSource } from 'typeorm';
import {
  ANONYMIZED_NAME,
  ANONYMIZED_NAMES,
  BIRTH_YEAR_ONLY,
  anonymizedEmail,
  type PersonalDataRegistry,
} from '@core/privacy/personal-data-registry';
import { PersonalTable, type PersonalTableSpec } from '@core/privacy/personal-table';
import { RECTIFIABLE_FIELDS } from '@shared/contracts/privacy.contract';

/**
 * The applicants' data of programs: applications and waitlist entries. Anonymising keeps each row
 * and its status (places and counts stay): names 'Anonimizado', the address a unique `.invalid` placeholder, phone
 * and street address emptied, the business name, its social link, RFC and staff notes null, the birth date only its
 * year; the municipality and the business facts (sector, time operating) stay as statistics.
 */
const UPPER = ['nombre', 'apellido_paterno', 'apellido_materno', 'calle', 'numero', 'colonia', 'municipio'];

export const PROGRAM_REGISTRATIONS_PERSONAL_DATA: PersonalTableSpec = {
  source: 'solicitudes_programas',
  table: 'programa_registros',
  emailColumn: 'correo_electronico',
  resourceType: 'programa_registro',
  fields: [
    ...RECTIFIABLE_FIELDS.solicitudes_programas,
    'tiene_emprendimiento',
    'nombre_emprendimiento',
    'giro_sector',
    'tiempo_operando',
    'redes_sociales_enlace',
    'negocio_formalizado',
    'rfc',
    'status',
  ],
  dateFields: ['fecha_nacimiento'],
  reference: `SELECT p.nombre FROM programas p WHERE p.id = t.programa_id`,
  anonymize: {
    ...ANONYMIZED_NAMES,
    fecha_nacimiento: BIRTH_YEAR_ONLY,
    celular: `''`,
    correo_electronico: anonymizedEmail('programa_registros'),
    calle: `''`,
    numero: `''`,
    colonia: `''`,
    nombre_emprendimiento: 'NULL',
    redes_sociales_enlace: 'NULL',
    rfc: 'NULL',
    notas: 'NULL',
    updated_at: 'now()',
  },
  rectifiable: RECTIFIABLE_FIELDS.solicitudes_programas,
  anonymizedAt: 'anonimizado_at',
  upperCase: UPPER,
};

/** The stored application (`solicitud`, camelCase) loses the same fields, so an accepted offer writes no personal data. */
const ANONYMIZED_APPLICATION = `t.solicitud || jsonb_build_object(
  'nombre', '${ANONYMIZED_NAME}', 'apellidoPaterno', '', 'apellidoMaterno', '', 'celular', '', 'calle', '', 'numero', '', 'colonia', '',
  'correoElectronico', 'anonimizado-programa_lista_espera-' || t.id || '@anonimizado.invalid',
  'fechaNacimiento', CASE WHEN t.solicitud ? 'fechaNacimiento' THEN left(t.solicitud ->> 'fechaNacimiento', 4) || '-01-01' END,
  'nombreEmprendimiento', NULL, 'redesSocialesEnlace', NULL, 'rfc', NULL)`;

export const PROGRAM_WAITLIST_PERSONAL_DATA: PersonalTableSpec = {
  source: 'lista_espera_programas',
  table: 'programa_lista_espera',
  emailColumn: 'correo_electronico',
  resourceType: 'programa_lista_espera',
  fields: [...RECTIFIABLE_FIELDS.lista_espera_programas, 'status'],
  reference: `SELECT p.nombre FROM programas p WHERE p.id = t.programa_id`,
  anonymize: {
    ...ANONYMIZED_NAMES,
    celular: `''`,
    correo_electronico: anonymizedEmail('programa_lista_espera'),
    solicitud: ANONYMIZED_APPLICATION,
    updated_at: 'now()',
  },
  rectifiable: RECTIFIABLE_FIELDS.lista_espera_programas,
  anonymizedAt: 'anonimizado_at',
  upperCase: ['nombre', 'apellido_paterno', 'apellido_materno'],
  // The stored application follows a corrected column (accepting an offer writes it as the registration).
  afterRectify: async (manager, id) => {
    await manager.query(
      `UPDATE programa_lista_espera SET solicitud = solicitud || jsonb_build_object('nombre', nombre, 'apellidoPaterno', apellido_paterno,
         'apellidoMaterno', apellido_materno, 'celular', celular, 'correoElectronico', correo_electronico) WHERE id = $1`,
      [id],
    );
  },
};

/**
 * Retention's rule, for both tables: rows of a program that ended before the cutoff ($1) — its end date;
 * a program without one (continuous) ends when it is closed (its last change); one still open has not ended.
 */
export const PROGRAM_ENDED_BEFORE_SQL = `t.programa_id IN (SELECT p.id FROM programas p
  WHERE coalesce(p.fecha_fin, CASE WHEN p.status = 'closed' THEN p.updated_at END) < $1)`;

/** The tables above as privacy and retention reach them (`PersonalDataRegistry`): `anonymizeByEmail`, `anonymizeWhere`. */
export function registerProgramsPersonalData(registry: PersonalDataRegistry, ds: DataSource): void {
  registry.register(new PersonalTable(ds, PROGRAM_REGISTRATIONS_PERSONAL_DATA));
  registry.register(new PersonalTable(ds, PROGRAM_WAITLIST_PERSONAL_DATA));
}
