import type { PersonalDataColumns } from '@core/database/personal-data';

/** The personal data of an external event's registrations and waitlist entries (what anonymising empties). */
export const REGISTRATION_PERSONAL_DATA: PersonalDataColumns = {
  table: 'external_registrations',
  tag: 'registro',
  names: ['nombre', 'apellido_paterno', 'apellido_materno'],
  email: 'email',
  cleared: ['fecha_nacimiento', 'phone', 'curp', 'empresa'],
};

export const WAITLIST_PERSONAL_DATA: PersonalDataColumns = {
  table: 'external_waitlist',
  tag: 'espera',
  names: ['nombre', 'apellido_paterno', 'apellido_materno'],
  email: 'email',
  cleared: ['fecha_nacimiento', 'phone', 'empresa'],
};

/**
 * Retention's rule, for both tables: rows of an event that ended (its end, or its start when it has none) before the
 * cutoff ($1).
 */
export const EVENT_ENDED_BEFORE_SQL = `event_id IN (SELECT e.id FROM external_events e WHERE coalesce(e.end_date, e.event_date) < $1)`;
