import type { DataSource, EntityManager } from 'typeorm';
import type { AnonymizedRows, PersonalDataHolder } from '@core/privacy/personal-data-registry';
import type { PersonalRecord } from '@shared/contracts/privacy.contract';

/**
 * The stored possible-duplicate pairs (`persona_duplicado_pares`): a score and reasons that quote names ('nombre casi
 * igual: GARZA / GARSA'), held about both people of the pair — personal data an ARCO request for either one's address
 * reaches. Access lists them (with the other person's id only: the other's name is not the requester's data);
 * cancellation deletes them (a pair is derived data: the keys job writes it again from what the person is after the
 * anonymisation, which has no name to match). Registered before the people table's holder, whose anonymisation
 * empties the address that finds them.
 */
/** Rows `d` held about a person (named by any of `columns`) whose address is $1. */
export const aboutAddress = (...columns: string[]) => `EXISTS (SELECT 1 FROM personas p WHERE p.id IN (${columns.join(', ')})
                 AND lower(btrim(p.correo_electronico)) = lower(btrim($1)))`;

const ABOUT = aboutAddress('d.persona_a', 'd.persona_b');

export class DuplicatePairsPersonalData implements PersonalDataHolder {
  readonly source = 'posibles_duplicados' as const;

  constructor(private readonly ds: DataSource) {}

  async findByEmail(email: string): Promise<PersonalRecord[]> {
    // A pair has no date of its own: it is rewritten whenever either person is, so the later of their changes.
    const rows: Array<{ persona_a: number; persona_b: number; score: number; motivos: string; at: Date }> = await this.ds.query(
      `SELECT d.persona_a, d.persona_b, d.score, d.reasons::text AS motivos, greatest(pa.updated_at, pb.updated_at) AS at
         FROM persona_duplicado_pares d JOIN personas pa ON pa.id = d.persona_a JOIN personas pb ON pb.id = d.persona_b
        WHERE ${ABOUT} ORDER BY d.persona_a, d.persona_b`,
      [email],
    );
    return rows.map((r) => ({
      fuente: this.source,
      id: r.persona_a,
      referencia: `Posible duplicado: personas ${r.persona_a} y ${r.persona_b}`,
      campos: { personas: `${r.persona_a}, ${r.persona_b}`, puntuacion: String(r.score), motivos: r.motivos },
      created_at: new Date(r.at).toISOString(),
    }));
  }

  async anonymizeByEmail(manager: EntityManager, email: string): Promise<AnonymizedRows> {
    const result: unknown = await manager.query(`DELETE FROM persona_duplicado_pares d WHERE ${ABOUT} RETURNING d.persona_a`, [email]);
    const rows = (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as Array<{ persona_a: number }>;
    return { resourceType: null, ids: rows.map((r) => Number(r.persona_a)) };
  }
}

/** The pairs above as privacy reaches them (`PersonalDataRegistry`); before the people table's holder. */
export function registerDuplicatePairsPersonalData(registry: { register(h: PersonalDataHolder): void }, ds: DataSource): void {
  registry.register(new DuplicatePairsPersonalData(ds));
}
