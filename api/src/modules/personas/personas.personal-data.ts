import type { DataSource, EntityManager } from 'typeorm';
import { ANONYMIZED_NAMES, type PersonalDataRegistry } from '@core/privacy/personal-data-registry';
import { PersonalTable, type PersonalTableSpec } from '@core/privacy/personal-table';
import { PERSONA_CATALOGUE_FIELDS, PERSONA_FIELDS } from '@shared/contracts/personas.contract';
import { RECTIFIABLE_FIELDS } from '@shared/contracts/privacy.contract';
import { completeness, dedupeKey, searchText, sortKey } from '@shared/rules/persona-rules';
import { blockingKeys } from './dedupe/dedupe-rules';
import type { PairRules } from './dedupe/dedupe-pairs';
import { writeDedupeKeys } from './dedupe/dedupe.repository';

/**
 * A person's own data: every writable field of a person (PERSONA_FIELDS, in the form's order) but the catalogue links,
 * which stay as statistics. A field added to the form is reached by access, rectification and anonymisation with it.
 */
const PERSONAL_FIELDS: readonly string[] = PERSONA_FIELDS.filter((f) => !Object.values<string>(PERSONA_CATALOGUE_FIELDS).includes(f));

/**
 * The people database's personal data. Anonymising keeps the row (its invitations, seats and the
 * catalogue links — sector, company, position, zone — stay as statistics): the name becomes 'Anonimizado', every
 * contact and address field null (they are nullable here, so the address is not a placeholder), and the derived
 * columns follow (no duplicate key, 'red' completeness, searchable only as 'anonimizado').
 */
export const personasPersonalData = (rules: PairRules): PersonalTableSpec => ({
  source: 'personas',
  table: 'personas',
  emailColumn: 'correo_electronico',
  resourceType: 'persona',
  fields: PERSONAL_FIELDS,
  dateFields: ['fecha_nacimiento'],
  reference: `NULL::text`,
  anonymize: {
    ...ANONYMIZED_NAMES,
    ...Object.fromEntries(PERSONAL_FIELDS.filter((f) => !(f in ANONYMIZED_NAMES)).map((f) => [f, 'NULL'])),
    dedupe_key: 'NULL',
    search_text: `'anonimizado'`,
    sort_key: `'ANONIMIZADO'`,
    completeness_level: `'red'`,
    updated_at: 'now()',
  },
  rectifiable: RECTIFIABLE_FIELDS.personas,
  upperCase: ['nombre', 'apellido_paterno', 'apellido_materno'],
  afterRectify: (manager, id) => recomputeDerived(manager, id, rules),
});

/**
 * A corrected person's derived columns, by the same rules the people screen writes them with (shared/rules/persona-rules.ts),
 * and its duplicate-blocking keys and pairs, in the same transaction (the correction's trigger dropped the old ones).
 */
async function recomputeDerived(manager: EntityManager, id: number, rules: PairRules): Promise<void> {
  const [p]: Array<Record<string, string | number | null>> = await manager.query(`SELECT * FROM personas WHERE id = $1`, [id]);
  if (!p) return;
  const s = (k: string) => (p[k] === null || p[k] === undefined ? null : String(p[k]));
  const row = {
    nombre: s('nombre') ?? '',
    apellido_paterno: s('apellido_paterno'),
    apellido_materno: s('apellido_materno'),
    correo_electronico: s('correo_electronico'),
    telefono_celular: s('telefono_celular'),
    telefono_oficina: s('telefono_oficina'),
    fecha_nacimiento: s('fecha_nacimiento'),
    empresa_id: p.empresa_id as number | null,
    sector_id: p.sector_id as number | null,
    puesto_id: p.puesto_id as number | null,
    direccion_calle: s('direccion_calle'),
    direccion_numero: s('direccion_numero'),
    direccion_colonia: s('direccion_colonia'),
    direccion_ciudad: s('direccion_ciudad'),
    direccion_estado: s('direccion_estado'),
  };
  await manager.query(`UPDATE personas SET search_text = $2, sort_key = $3, dedupe_key = $4, completeness_level = $5 WHERE id = $1`, [
    id,
    searchText(row),
    sortKey(row),
    dedupeKey(row.nombre, row.apellido_paterno ?? '', row.apellido_materno ?? '', row.telefono_celular ?? row.telefono_oficina ?? null),
    completeness(row).level,
  ]);
  await writeDedupeKeys(manager, [{ id, keys: blockingKeys(row) }], rules);
}

/** The table above as privacy and retention reach it (`PersonalDataRegistry`). */
export function registerPersonasPersonalData(registry: PersonalDataRegistry, ds: DataSource, rules: PairRules): void {
  registry.register(new PersonalTable(ds, personasPersonalData(rules)));
}
