import type { DataSource, EntityManager } from 'typeorm';
import type { PersonalDataSource, PersonalRecord } from '@shared/contracts/privacy.contract';
import { isIsoDate } from '@shared/rules/business-days';
import type { AnonymizedRows, PersonalDataHolder } from './personal-data-registry';

/**
 * One table of personal data, as its area describes it (the area's `<area>.personal-data.ts`): the engine below
 * writes the SQL of finding, anonymising and correcting its rows, so the five tables of four areas share one
 * implementation and each area keeps only its facts (which columns, how a row is anonymised, what a row is about).
 */
export interface PersonalTableSpec {
  source: PersonalDataSource;
  table: string;
  /** The column holding the person's address (matched lower-cased and trimmed). */
  emailColumn: string;
  /** The audit's resource_type of its rows (DOMAIN_EVENT_AUDIT). */
  resourceType: string | null;
  /** The columns an export shows, in order. Dates are written YYYY-MM-DD. */
  fields: readonly string[];
  dateFields?: readonly string[];
  /** Instants (timestamptz), written ISO 8601 in UTC. */
  instantFields?: readonly string[];
  /** SQL over the row (alias `t`): what the row is about (the event's or program's title). */
  reference: string;
  /** Column → SQL over the row (alias `t`) it becomes when anonymised (only personal columns; counts never). */
  anonymize: Readonly<Record<string, string>>;
  /** The columns staff may correct (rectificación). */
  rectifiable: readonly string[];
  /** Columns stored upper-case (the area's forms upper-case them). */
  upperCase?: readonly string[];
  /**
   * A column stamped when the row is anonymised (retention's tables: `anonimizado_at`): an anonymised row is never
   * anonymised again, so a second retention run changes nothing and the dry run counts only what a run would change.
   */
  anonymizedAt?: string;
  /** After a correction: recompute what the area derives from the row (search keys…), in the same transaction. */
  afterRectify?: (manager: EntityManager, id: number) => Promise<void>;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

/** The value a field takes, or the Spanish reason it cannot (kept simple: the area's own form rules are stricter). */
export function correctedValue(spec: PersonalTableSpec, field: string, raw: string): { value: string | null } | { problem: string } {
  const value = raw.trim().replace(/\s+/g, ' ').normalize('NFC');
  if (value.length > 200) return { problem: 'El valor es demasiado largo (máximo 200 caracteres).' };
  if (spec.dateFields?.includes(field)) {
    if (!isIsoDate(value) || value < '1900-01-01') return { problem: 'La fecha debe escribirse AAAA-MM-DD y ser real.' };
    return { value };
  }
  if (field === spec.emailColumn || /correo|email/.test(field)) {
    if (!EMAIL.test(value)) return { problem: 'El correo electrónico no es válido.' };
    return { value: value.toLowerCase() };
  }
  if (/phone|celular|telefono/.test(field) && !/^[0-9 +()-]{7,20}$/.test(value)) return { problem: 'El teléfono no es válido.' };
  if (value === '' && /^(nombre|apellido_paterno)$/.test(field)) return { problem: 'Este dato no puede quedar vacío.' };
  return { value: spec.upperCase?.includes(field) ? value.toUpperCase() : value === '' ? null : value };
}

export class PersonalTable implements PersonalDataHolder {
  readonly source: PersonalDataSource;

  constructor(
    private readonly ds: DataSource,
    readonly spec: PersonalTableSpec,
  ) {
    this.source = spec.source;
  }

  private select(): string {
    const cols = this.spec.fields.map((f) =>
      this.spec.dateFields?.includes(f)
        ? `to_char(t.${f}, 'YYYY-MM-DD') AS ${f}`
        : this.spec.instantFields?.includes(f)
          ? `to_char(t.${f} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS ${f}`
          : `t.${f}::text AS ${f}`,
    );
    return `SELECT t.id, (${this.spec.reference}) AS referencia, t.created_at, ${cols.join(', ')} FROM ${this.spec.table} t`;
  }

  private byEmail(): string {
    return `lower(btrim(t.${this.spec.emailColumn})) = lower(btrim($1))`;
  }

  async findByEmail(email: string, manager?: EntityManager): Promise<PersonalRecord[]> {
    const rows: Array<Record<string, unknown>> = await (manager ?? this.ds.manager).query(
      `${this.select()} WHERE ${this.byEmail()} ORDER BY t.id`,
      [email],
    );
    return rows.map((r) => ({
      fuente: this.spec.source,
      id: Number(r.id),
      referencia: (r.referencia as string | null) ?? null,
      campos: Object.fromEntries(this.spec.fields.map((f) => [f, (r[f] as string | null) ?? null])),
      created_at: new Date(r.created_at as string).toISOString(),
    }));
  }

  /** The rows a WHERE over `t` selects that are not anonymised yet (retention's dry run). */
  async countWhere(where: string, params: unknown[]): Promise<number> {
    const rows: Array<{ n: number }> = await this.ds.query(
      `SELECT count(*)::int AS n FROM ${this.spec.table} t WHERE ${this.pending(where)}`,
      params,
    );
    return rows[0].n;
  }

  private pending(where: string): string {
    return this.spec.anonymizedAt ? `t.${this.spec.anonymizedAt} IS NULL AND (${where})` : `(${where})`;
  }

  /** Anonymises the rows a WHERE over `t` selects (retention passes its own; privacy, the address), once each. */
  async anonymizeWhere(manager: EntityManager, where: string, params: unknown[]): Promise<AnonymizedRows> {
    const sets = Object.entries(this.spec.anonymize).map(([col, expr]) => `${col} = ${expr}`);
    if (this.spec.anonymizedAt) sets.push(`${this.spec.anonymizedAt} = now()`);
    const rows: Array<{ id: number }> = await manager
      .query(`UPDATE ${this.spec.table} t SET ${sets.join(', ')} WHERE ${this.pending(where)} RETURNING t.id`, params)
      .then((r: unknown) => (Array.isArray(r) && Array.isArray(r[0]) ? (r[0] as Array<{ id: number }>) : (r as Array<{ id: number }>)));
    return { resourceType: this.spec.resourceType, ids: rows.map((r) => Number(r.id)) };
  }

  anonymizeByEmail(manager: EntityManager, email: string): Promise<AnonymizedRows> {
    return this.anonymizeWhere(manager, this.byEmail(), [email]);
  }

  async rectify(manager: EntityManager, email: string, id: number, field: string, raw: string): Promise<null | 'not-found' | string> {
    if (!this.spec.rectifiable.includes(field)) return `El campo ${field} no se puede corregir aquí.`;
    const checked = correctedValue(this.spec, field, raw);
    if ('problem' in checked) return checked.problem;
    const [, affected]: [unknown, number] = await manager.query(
      `UPDATE ${this.spec.table} t SET ${field} = $3, updated_at = now() WHERE t.id = $2 AND ${this.byEmail()}`,
      [email, id, checked.value],
    );
    if (affected === 0) return 'not-found';
    await this.spec.afterRectify?.(manager, id);
    return null;
  }
}

/**
 * Retention's two questions about a personal table: how many rows of owners that ended before the cutoff are not
 * anonymised yet, and anonymise them (as its spec says, the same rule as an ARCO cancellation; statuses and counts
 * stay). `endedBefore` is the area's WHERE over `t`, with the cutoff as $1.
 */
export class EndedRowsRetention {
  private readonly table: PersonalTable;

  constructor(
    ds: DataSource,
    spec: PersonalTableSpec,
    private readonly endedBefore: string,
  ) {
    this.table = new PersonalTable(ds, spec);
  }

  countEndedBefore(cutoff: Date): Promise<number> {
    return this.table.countWhere(this.endedBefore, [cutoff]);
  }

  anonymizeEndedBefore(manager: EntityManager, cutoff: Date): Promise<AnonymizedRows> {
    return this.table.anonymizeWhere(manager, this.endedBefore, [cutoff]);
  }
}
