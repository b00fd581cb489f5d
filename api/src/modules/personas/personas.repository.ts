import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  PERSONA_FIELDS,
  type CatalogueItem,
  type CatalogueType,
  type PersonaField,
  type PersonasStats,
} from '@shared/contracts/personas.contract';
import { CATALOGUE_TABLE } from './personas.sql';

export { PERSONA_FIELDS, type PersonaField };
export type PersonaValues = Record<PersonaField, string | number | null> & {
  completeness_level: string;
  search_text: string;
  sort_key: string;
  dedupe_key: string | null;
};

export type PersonaRow = Record<PersonaField, string | number | null> & {
  id: number;
  completeness_level: 'red' | 'orange' | 'green';
  created_at: Date;
  updated_at: Date;
  profesion_nombre: string | null;
  sector_nombre: string | null;
  empresa_nombre: string | null;
  puesto_nombre: string | null;
  zona_nombre: string | null;
};

const SELECT = `
  SELECT p.id, ${PERSONA_FIELDS.map((f) => (f === 'fecha_nacimiento' ? `to_char(p.fecha_nacimiento, 'YYYY-MM-DD') AS fecha_nacimiento` : `p.${f}`)).join(', ')},
         p.completeness_level, p.created_at, p.updated_at,
         pr.nombre AS profesion_nombre, se.nombre AS sector_nombre, em.nombre AS empresa_nombre,
         pu.nombre AS puesto_nombre, zo.nombre AS zona_nombre
    FROM personas p
    LEFT JOIN profesiones pr ON pr.id = p.profesion_id
    LEFT JOIN sectores se ON se.id = p.sector_id
    LEFT JOIN empresas em ON em.id = p.empresa_id
    LEFT JOIN puestos pu ON pu.id = p.puesto_id
    LEFT JOIN zonas zo ON zo.id = p.zona_id`;

export interface PersonaFilters {
  search?: string;
  sectorId?: number;
  empresaId?: number;
  completeness?: string;
}

@Injectable()
export class PersonasRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private where(filters: PersonaFilters): { sql: string; params: unknown[] } {
    const clauses: string[] = [];
    const params: unknown[] = [];
    if (filters.search) {
      params.push(`%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      clauses.push(`p.search_text LIKE $${params.length}`);
    }
    if (filters.sectorId) {
      params.push(filters.sectorId);
      clauses.push(`p.sector_id = $${params.length}`);
    }
    if (filters.empresaId) {
      params.push(filters.empresaId);
      clauses.push(`p.empresa_id = $${params.length}`);
    }
    if (filters.completeness) {
      params.push(filters.completeness);
      clauses.push(`p.completeness_level = $${params.length}`);
    }
    return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
  }

  /**
   * One page in a stable order (apellidos, nombre, id — see sort_key), and the total matching. Without a
   * filter, or with only the completeness one, the total is read from `personas_counts` (kept exact by
   * triggers in every write's transaction) instead of counting the table on every page.
   */
  async page(filters: PersonaFilters, page: number, perPage: number): Promise<{ rows: PersonaRow[]; total: number }> {
    const { sql, params } = this.where(filters);
    const counted = !filters.search && !filters.sectorId && !filters.empresaId;
    const level = filters.completeness;
    const column = !level ? 'total' : level === 'red' || level === 'orange' || level === 'green' ? level : null;
    // The total and the page side by side (two pooled connections): the answer waits for the slower one only.
    const [[{ total }], rows] = await Promise.all([
      counted && column
        ? this.ds.query(`SELECT ${column}::int AS total FROM personas_counts`)
        : this.ds.query(`SELECT count(*)::int AS total FROM personas p ${sql}`, params),
      // The page's ids first (walking the order index, nothing joined for the rows skipped), then its rows.
      this.ds.query(
        `${SELECT} JOIN (SELECT p.id, p.sort_key FROM personas p ${sql} ORDER BY p.sort_key, p.id
                          LIMIT $${params.length + 1} OFFSET $${params.length + 2}) page ON page.id = p.id
          ORDER BY page.sort_key, page.id`,
        [...params, perPage, (page - 1) * perPage],
      ),
    ]);
    return { rows, total };
  }

  async findById(id: number, manager?: EntityManager): Promise<PersonaRow | null> {
    const rows = await (manager ?? this.ds.manager).query(`${SELECT} WHERE p.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async lockById(manager: EntityManager, id: number): Promise<boolean> {
    const rows = await manager.query(`SELECT id FROM personas WHERE id = $1 FOR UPDATE`, [id]);
    return rows.length === 1;
  }

  async insert(manager: EntityManager, values: PersonaValues, createdBy: number | null): Promise<number> {
    const cols = [...PERSONA_FIELDS, 'completeness_level', 'search_text', 'sort_key', 'dedupe_key', 'created_by'];
    const vals = [
      ...PERSONA_FIELDS.map((f) => values[f]),
      values.completeness_level,
      values.search_text,
      values.sort_key,
      values.dedupe_key,
      createdBy,
    ];
    const [{ id }] = await manager.query(
      `INSERT INTO personas (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      vals,
    );
    return id;
  }

  async update(manager: EntityManager, id: number, values: PersonaValues): Promise<void> {
    const cols = [...PERSONA_FIELDS, 'completeness_level', 'search_text', 'sort_key', 'dedupe_key'] as const;
    await manager.query(`UPDATE personas SET ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`, [
      id,
      ...cols.map((c) => values[c]),
    ]);
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.query(`DELETE FROM personas WHERE id = $1`, [id]);
  }

  /** The stat cards, from the counts the triggers keep (the baseline migration). */
  async stats(): Promise<PersonasStats> {
    const [row] = await this.ds.query(
      `SELECT total::int AS total, green::int AS green, orange::int AS orange, red::int AS red FROM personas_counts`,
    );
    const pct = (n: number) => (row.total ? Math.round((n / row.total) * 1000) / 10 : 0);
    return { ...row, greenPercent: pct(row.green), orangePercent: pct(row.orange), redPercent: pct(row.red) };
  }

  async catalogue(type: CatalogueType): Promise<CatalogueItem[]> {
    return this.ds.query(`SELECT id, nombre FROM ${CATALOGUE_TABLE[type]} ORDER BY nombre`);
  }

  async catalogueIdExists(type: CatalogueType, id: number, manager?: EntityManager): Promise<boolean> {
    const rows = await (manager ?? this.ds.manager).query(`SELECT 1 FROM ${CATALOGUE_TABLE[type]} WHERE id = $1`, [id]);
    return rows.length === 1;
  }

  /** Adds a value or returns the one that already exists (unique by its upper-case name). */
  async addCatalogueValue(manager: EntityManager, type: CatalogueType, nombre: string): Promise<{ item: CatalogueItem; created: boolean }> {
    const table = CATALOGUE_TABLE[type];
    const inserted = await manager.query(`INSERT INTO ${table} (nombre) VALUES ($1) ON CONFLICT (nombre) DO NOTHING RETURNING id, nombre`, [
      nombre,
    ]);
    if (inserted.length) return { item: inserted[0], created: true };
    const [existing] = await manager.query(`SELECT id, nombre FROM ${table} WHERE nombre = $1`, [nombre]);
    return { item: existing, created: false };
  }
}
