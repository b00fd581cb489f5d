import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PersonalDataSource, PersonalRecord } from '@shared/contracts/privacy.contract';
import { Registry } from '@core/registry';

/** What an anonymisation changed: the rows (as the audit names them), so their audit trail loses its personal data too. */
export interface AnonymizedRows {
  /** The audit's resource_type of these rows (DOMAIN_EVENT_AUDIT), or null when they are never audited. */
  resourceType: string | null;
  ids: number[];
}

/**
 * One area's personal data, as privacy (ARCO requests) and retention reach it without reading the area's tables:
 * each area registers its holders when it starts (as it registers its rooms), and each holder's queries live in
 * the area's repository (docs/architecture.md, «Privacidad»).
 */
export interface PersonalDataHolder {
  source: PersonalDataSource;
  /** Every record held about an address (case and spaces ignored). */
  findByEmail(email: string): Promise<PersonalRecord[]>;
  /**
   * Anonymises every record of the address in the caller's transaction: names → 'Anonimizado', the address → a
   * non-deliverable unique placeholder, the rest of the personal fields emptied; the row (counts, seats,
   * statistics) stays.
   */
  anonymizeByEmail(manager: EntityManager, email: string): Promise<AnonymizedRows>;
  /**
   * Corrects one field of one record of that address (rectificación) in the caller's transaction. Answers a
   * Spanish problem when the value is not valid for the field, null when done; throws nothing for a record of another address
   * (answers 'not-found').
   */
  rectify?(manager: EntityManager, email: string, id: number, field: string, value: string): Promise<null | 'not-found' | string>;
}

/** The name every anonymised row shows. */
export const ANONYMIZED_NAME = 'Anonimizado';

/** What anonymising writes over a person's names (SQL expressions, as a PersonalTableSpec's `anonymize` takes them). */
export const ANONYMIZED_NAMES = { nombre: `'${ANONYMIZED_NAME}'`, apellido_paterno: `''`, apellido_materno: `''` } as const;

/** A unique address that can never receive mail, for row `t` of `table` (an e-mail column that may not be NULL). */
export const anonymizedEmail = (table: string) => `'anonimizado-${table}-' || t.id || '@anonimizado.invalid'`;

/** A birth date reduced to 1 January of its year (age statistics stay). */
export const BIRTH_YEAR_ONLY = `make_date(extract(year FROM t.fecha_nacimiento)::int, 1, 1)`;

@Injectable()
export class PersonalDataRegistry extends Registry<PersonalDataSource, PersonalDataHolder> {
  constructor() {
    super('Personal data holder', (h) => h.source);
  }
}
