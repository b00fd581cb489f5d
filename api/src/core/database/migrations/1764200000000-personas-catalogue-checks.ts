import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createSqlFunctions } from '../sql-functions';

/** Each catalogue reference of `personas`: its column, the catalogue table, and the name its foreign key had. */
const REFERENCES = [
  { column: 'profesion_id', table: 'profesiones', constraint: 'personas_profesion_id_fkey' },
  { column: 'sector_id', table: 'sectores', constraint: 'personas_sector_id_fkey' },
  { column: 'empresa_id', table: 'empresas', constraint: 'personas_empresa_id_fkey' },
  { column: 'puesto_id', table: 'puestos', constraint: 'personas_puesto_id_fkey' },
  { column: 'zona_id', table: 'zonas', constraint: 'personas_zona_id_fkey' },
] as const;

const anyReference = (row: 'NEW') => REFERENCES.map((r) => `${row}.${r.column} IS NOT NULL`).join(' OR ');
const anyChange = REFERENCES.map((r) => `NEW.${r.column} IS DISTINCT FROM OLD.${r.column}`).join(' OR ');

/**
 * The five catalogue references of `personas` (profesión, sector, empresa, puesto, zona) checked by row
 * triggers that fire only for rows that reference a catalogue, instead of foreign keys
 * (docs/decisions.md, "Catalogue references"). A foreign key queues one check per row and per key for every
 * row written, even when the key is NULL: for a CSV import, whose people reference no catalogue, those five
 * checks per row were a third of PostgreSQL's work. The triggers keep what the foreign keys guaranteed; their
 * functions, and what each checks, are the personas area's (modules/personas/personas.sql.ts).
 */
export class PersonasCatalogueChecks1764200000000 implements MigrationInterface {
  name = 'PersonasCatalogueChecks1764200000000';

  async up(q: QueryRunner): Promise<void> {
    // The triggers' functions are the personas area's (modules/personas/personas.sql.ts: what each checks), created
    // here in their current definition because the triggers need them.
    await createSqlFunctions(q, ['personas_catalogues_check', ...REFERENCES.map((r) => `${r.table}_references`)]);
    await q.query(`CREATE TRIGGER personas_catalogues_insert AFTER INSERT ON personas FOR EACH ROW
                   WHEN (${anyReference('NEW')}) EXECUTE FUNCTION personas_catalogues_check()`);
    await q.query(`CREATE TRIGGER personas_catalogues_update AFTER UPDATE OF ${REFERENCES.map((r) => r.column).join(', ')} ON personas
                   FOR EACH ROW WHEN (${anyChange}) EXECUTE FUNCTION personas_catalogues_check()`);

    for (const r of REFERENCES) {
      await q.query(`CREATE TRIGGER ${r.table}_references_delete AFTER DELETE ON ${r.table} FOR EACH ROW
                     EXECUTE FUNCTION ${r.table}_references()`);
      await q.query(`CREATE TRIGGER ${r.table}_references_update BEFORE UPDATE OF id ON ${r.table} FOR EACH ROW
                     WHEN (NEW.id IS DISTINCT FROM OLD.id) EXECUTE FUNCTION ${r.table}_references()`);
      await q.query(`CREATE TRIGGER ${r.table}_references_truncate BEFORE TRUNCATE ON ${r.table} FOR EACH STATEMENT
                     EXECUTE FUNCTION ${r.table}_references()`);
      await q.query(`ALTER TABLE personas DROP CONSTRAINT ${r.constraint}`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const r of REFERENCES) {
      await q.query(`DROP TRIGGER ${r.table}_references_truncate ON ${r.table}`);
      await q.query(`DROP TRIGGER ${r.table}_references_update ON ${r.table}`);
      await q.query(`DROP TRIGGER ${r.table}_references_delete ON ${r.table}`);
      await q.query(`DROP FUNCTION ${r.table}_references()`);
      await q.query(
        `ALTER TABLE personas ADD CONSTRAINT ${r.constraint} FOREIGN KEY (${r.column}) REFERENCES ${r.table} (id) ON DELETE SET NULL`,
      );
    }
    await q.query(`DROP TRIGGER personas_catalogues_update ON personas`);
    await q.query(`DROP TRIGGER personas_catalogues_insert ON personas`);
    await q.query(`DROP FUNCTION personas_catalogues_check()`);
  }
}
