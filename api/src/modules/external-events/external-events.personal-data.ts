import type { DataSource } from 'typeorm';
import { ANONYMIZED_NAMES, BIRTH_YEAR_ONLY, anonymizedEmail, type PersonalDataRegistry } from '@core/privacy/personal-data-registry';
import { PersonalTable, type PersonalTableSpec } from '@core/privacy/personal-table';
import { RECTIFIABLE_FIELDS } from '@shared/contracts/privacy.contract';

/**
 * The citizens' data of external events: registrations and waitlist entries. Anonymising keeps each
 * row (its status, its event, its seat in the counts): names become 'Anonimizado', the address a unique
 * `.invalid` placeholder, the phone empty, CURP and company null, and the birth date only its year (1 January:
 * age statistics stay; the column is NOT NULL — docs/decisions/privacidad.md).
 */
const UPPER = ['nombre', 'apellido_paterno', 'apellido_materno', 'curp', 'empresa'];

export const EXTERNAL_REGISTRATIONS_PERSONAL_DATA: PersonalTableSpec = {
  source: 'registros_eventos',
  table: 'external_registrations',
  emailColumn: 'email',
  resourceType: 'external_registration',
  fields: [...RECTIFIABLE_FIELDS.registros_eventos, 'tipo_participante', 'status', 'codigo'],
  dateFields: ['fecha_nacimiento'],
  reference: `SELECT e.title FROM external_events e WHERE e.id = t.event_id`,
  anonymize: {
    ...ANONYMIZED_NAMES,
    fecha_nacimiento: BIRTH_YEAR_ONLY,
    phone: `''`,
    email: anonymizedEmail('external_registrations'),
    curp: 'NULL',
    empresa: 'NULL',
    updated_at: 'now()',
  },
  rectifiable: RECTIFIABLE_FIELDS.registros_eventos,
  anonymizedAt: 'anonimizado_at',
  upperCase: UPPER,
};

export const EXTERNAL_WAITLIST_PERSONAL_DATA: PersonalTableSpec = {
  source: 'lista_espera_eventos',
  table: 'external_waitlist',
  emailColumn: 'email',
  resourceType: 'external_waitlist_entry',
  fields: [...RECTIFIABLE_FIELDS.lista_espera_eventos, 'tipo_participante', 'status'],
  dateFields: ['fecha_nacimiento'],
  reference: `SELECT e.title FROM external_events e WHERE e.id = t.event_id`,
  anonymize: {
    ...ANONYMIZED_NAMES,
    fecha_nacimiento: BIRTH_YEAR_ONLY,
    phone: `''`,
    email: anonymizedEmail('external_waitlist'),
    empresa: 'NULL',
    updated_at: 'now()',
  },
  rectifiable: RECTIFIABLE_FIELDS.lista_espera_eventos,
  anonymizedAt: 'anonimizado_at',
  upperCase: UPPER,
};

/**
 * Retention's rule, for both tables: rows of an event that ended (its end, or its start when it has
 * none) before the cutoff ($1).
 */
export const EVENT_ENDED_BEFORE_SQL = `t.event_id IN (SELECT e.id FROM external_events e WHERE coalesce(e.end_date, e.event_date) < $1)`;

/** The tables above as privacy and retention reach them (`PersonalDataRegistry`): `anonymizeByEmail`, `anonymizeWhere`. */
export function registerExternalEventsPersonalData(registry: PersonalDataRegistry, ds: DataSource): void {
  registry.register(new PersonalTable(ds, EXTERNAL_REGISTRATIONS_PERSONAL_DATA));
  registry.register(new PersonalTable(ds, EXTERNAL_WAITLIST_PERSONAL_DATA));
}
