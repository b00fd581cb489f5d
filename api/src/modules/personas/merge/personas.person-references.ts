import { Injectable } from '@nestjs/common';
import type { Transaction } from '@core/outbox/unit-of-work';
import { AuditRepository } from '@core/audit/audit.repository';
import { personColumn, personReference, type PersonReferences, type PersonReferencesMoved } from '@core/privacy/person-references';
import { MergeRepository } from './merge.repository';

const either = (a: string, b: string) => `(${personColumn(a)} OR ${personColumn(b)})`;

/**
 * The people database's own rows about people, for its merge: the people themselves (written back first by an undo),
 * pairs set aside, import review rows, the duplicate finder's keys and pairs (derived: written again by the keyer),
 * and the audit entries about a person (only their `resource_id` goes back). Moved last: after every area's.
 */
@Injectable()
export class PersonasPersonReferences implements PersonReferences {
  readonly area = 'personas';
  readonly order = 9;
  readonly tables = [
    personReference('personas', personColumn('id'), { level: 0 }),
    personReference('persona_no_duplicados', either('persona_a', 'persona_b'), { foreignKey: true }),
    personReference('persona_import_duplicados', either('persona_id', 'creada_id'), { foreignKey: true }),
    personReference('persona_duplicado_claves', personColumn('persona_id'), { fingerprint: false }),
    personReference('persona_duplicado_indexadas', personColumn('persona_id'), { fingerprint: false }),
    personReference('persona_duplicado_pares', either('persona_a', 'persona_b'), { fingerprint: false, foreignKey: true, derived: true }),
    personReference('audit_logs', `t.resource_type = 'persona' AND t.resource_id = ANY($1::int[]::text[])`, {
      fingerprint: false,
      auditOnly: true,
    }),
  ];

  constructor(
    private readonly repo: MergeRepository,
    private readonly audit: AuditRepository,
  ) {}

  async move({ manager }: Transaction, survivor: number, merged: number[]): Promise<PersonReferencesMoved> {
    const filas_importacion = await this.repo.moveOwnReferences(manager, survivor, merged);
    return { counts: { filas_importacion, bitacora: await this.audit.moveResource(manager, 'persona', merged, survivor) } };
  }
}
