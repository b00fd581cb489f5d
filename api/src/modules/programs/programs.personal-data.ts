import type { PersonalDataColumns } from '@core/database/personal-data';

/**
 * The personal data of a program's applications and waitlist entries (what anonymising empties). Kept: the
 * municipality and the business answers (sector, time operating, yes/no), which make the program's statistics and
 * identify nobody; emptied: the business name, its social network link and RFC, and the staff notes.
 */
export const APPLICATION_PERSONAL_DATA: PersonalDataColumns = {
  table: 'programa_registros',
  tag: 'solicitud',
  names: ['nombre', 'apellido_paterno', 'apellido_materno'],
  email: 'correo_electronico',
  cleared: ['fecha_nacimiento', 'celular', 'calle', 'numero', 'colonia', 'nombre_emprendimiento', 'redes_sociales_enlace', 'rfc', 'notas'],
};

export const PROGRAM_WAITLIST_PERSONAL_DATA: PersonalDataColumns = {
  table: 'programa_lista_espera',
  tag: 'espera-programa',
  names: ['nombre', 'apellido_paterno', 'apellido_materno'],
  email: 'correo_electronico',
  cleared: ['celular'],
  emptiedJson: ['solicitud'],
};

/**
 * Retention's rule, for both tables: rows of a program that ended before the cutoff ($1) — its end date; a program
 * without one (continuous) ends when it is closed (its last change); one still open has not ended.
 */
export const PROGRAM_ENDED_BEFORE_SQL = `programa_id IN (SELECT p.id FROM programas p
  WHERE coalesce(p.fecha_fin, CASE WHEN p.status = 'closed' THEN p.updated_at END) < $1)`;
