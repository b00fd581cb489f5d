import type { DataSource, EntityManager } from 'typeorm';
import { ANONYMIZED_NAME, type AnonymizedRows, type PersonalDataHolder } from '@core/privacy/personal-data-registry';
import type { PersonalRecord } from '@shared/contracts/privacy.contract';
import { aboutAddress } from './duplicate-pairs.personal-data';

/**
 * The rows of CSV imports that matched a stored person (`persona_import_duplicados`): a name, a mobile and the match's
 * reasons (which quote names: 'nombre casi igual: GARZA / GARSA') — personal data held about someone. A row carries no
 * e-mail; it is held about the person it matched (`persona_id`) or was created as (`creada_id`), so an ARCO request
 * for that person's address reaches it. Registered before the people table's holder: a cancellation anonymises these
 * rows while the person's address still finds them. A row is kept (the import's counts stay); its name becomes
 * 'Anonimizado', the mobile and the reasons are emptied.
 */
const ABOUT = aboutAddress('d.persona_id', 'd.creada_id');

export class ImportDuplicatesPersonalData implements PersonalDataHolder {
  readonly source = 'importaciones_personas' as const;

  constructor(private readonly ds: DataSource) {}

  async findByEmail(email: string): Promise<PersonalRecord[]> {
    const rows: Array<Record<string, unknown>> = await this.ds.query(
      `SELECT d.fila, d.tipo, d.estado, d.nombre, d.apellido_paterno, d.apellido_materno, d.telefono_celular, d.reasons::text AS motivos,
              i.file_name, i.created_at
         FROM persona_import_duplicados d JOIN persona_imports i ON i.id = d.import_id
        WHERE ${ABOUT} ORDER BY i.created_at, d.fila`,
      [email],
    );
    return rows.map((r) => ({
      fuente: this.source,
      id: Number(r.fila),
      referencia: `Importación ${String(r.file_name)}, fila ${String(r.fila)}`,
      campos: {
        nombre: r.nombre as string,
        apellido_paterno: r.apellido_paterno as string,
        apellido_materno: r.apellido_materno as string,
        telefono_celular: (r.telefono_celular as string | null) ?? null,
        motivos: r.motivos as string,
        tipo: r.tipo as string,
        estado: r.estado as string,
      },
      created_at: new Date(r.created_at as string).toISOString(),
    }));
  }

  async anonymizeByEmail(manager: EntityManager, email: string): Promise<AnonymizedRows> {
    const result: unknown = await manager.query(
      `UPDATE persona_import_duplicados d
          SET nombre = '${ANONYMIZED_NAME}', apellido_paterno = '', apellido_materno = '', telefono_celular = NULL, reasons = '[]'::jsonb
        WHERE ${ABOUT} RETURNING d.fila`,
      [email],
    );
    const rows = (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as Array<{ fila: number }>;
    return { resourceType: null, ids: rows.map((r) => Number(r.fila)) };
  }
}

/** The rows above as privacy reaches them (`PersonalDataRegistry`); before the people table's holder. */
export function registerImportDuplicatesPersonalData(registry: { register(h: PersonalDataHolder): void }, ds: DataSource): void {
  registry.register(new ImportDuplicatesPersonalData(ds));
}
