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

/**
 * Both tables hold the same person and lose them the same way; `extra` names the table's own non-personal columns
 * shown to its person (a registration's door code). A registration's CURP (one of its rectifiable fields) goes too.
 */
function externalPersonalData(
  source: 'registros_eventos' | 'lista_espera_eventos',
  table: string,
  resourceType: string,
  extra: readonly string[],
): PersonalTableSpec {
  const rectifiable = RECTIFIABLE_FIELDS[source];
  return {
    source,
    table,
    emailColumn: 'email',
    resourceType,
    fields: [...rectifiable, 'tipo_participante', 'status', ...extra],
    dateFields: ['fecha_nacimiento'],
    reference: `SELECT e.title FROM external_events e WHERE e.id = t.event_id`,
    anonymize: {
      ...ANONYMIZED_NAMES,
      fecha_nacimiento: BIRTH_YEAR_ONLY,
      phone: `''`,
      email: anonymizedEmail(table),
      ...(rectifiable.includes('curp') && { curp: 'NULL' }),
      empresa: 'NULL',
      updated_at: 'now()',
    },
    rectifiable,
    anonymizedAt: 'anonimizado_at',
    upperCase: UPPER,
  };
}

export const EXTERNAL_REGISTRATIONS_PERSONAL_DATA = externalPersonalData(
  'registros_eventos',
  'external_registrations',
  'external_registration',
  ['codigo'],
);
export const EXTERNAL_WAITLIST_PERSONAL_DATA = externalPersonalData(
  'lista_espera_eventos',
  'external_waitlist',
  'external_waitlist_entry',
  [],
);

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
