import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { ImportRowError, ImportStatus, PersonaImportResponse } from '../contracts/personas.contract';

interface ImportRow {
  id: string;
  status: ImportStatus;
  file_name: string;
  progress: number;
  processed: number;
  imported: number;
  skipped: number;
  total: number | null;
  errors: ImportRowError[];
  errors_count: number;
  error_message: string | null;
  created_by: number | null;
  created_at: Date;
  finished_at: Date | null;
}

const COLUMNS = `id, status, file_name, progress, processed, imported, skipped, total, errors, errors_count,
  error_message, created_by, created_at, finished_at`;

export function toImportResponse(r: ImportRow): PersonaImportResponse {
  return {
    import_id: r.id,
    status: r.status,
    progress: r.progress,
    file_name: r.file_name,
    processed: r.processed,
    imported: r.imported,
    skipped: r.skipped,
    total: r.total,
    errors: r.errors,
    errors_count: r.errors_count,
    message: r.error_message,
    created_at: new Date(r.created_at).toISOString(),
    finished_at: r.finished_at ? new Date(r.finished_at).toISOString() : null,
  };
}

/** `{"a","b"}`: one column as a text[] (or int[]) literal, every element quoted. */
function arrayLiteral<K extends keyof ImportPersonRow>(rows: ImportPersonRow[], k: K): string {
  let out = '{';
  for (let i = 0; i < rows.length; i++) {
    const v = String(rows[i][k]);
    out += `${i ? ',' : ''}"${v.includes('"') || v.includes('\\') ? v.replace(/["\\]/g, '\\$&') : v}"`;
  }
  return `${out}}`;
}

export interface ImportPersonRow {
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
  telefono_celular: string;
  search_text: string;
  sort_key: string;
  dedupe_key: string;
  import_row: number;
}

/** Persona CSV imports: the uploaded file, its status and real progress, and the bulk writes. */
@Injectable()
export class ImportsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async create(manager: EntityManager, r: { id: string; fileName: string; file: Buffer; createdBy: number | null }): Promise<void> {
    await manager.query(`INSERT INTO persona_imports (id, file_name, file_size, file, created_by) VALUES ($1, $2, $3, $4, $5)`, [
      r.id,
      r.fileName,
      r.file.length,
      r.file,
      r.createdBy,
    ]);
  }

  async find(id: string): Promise<PersonaImportResponse | null> {
    const rows: ImportRow[] = await this.ds.query(`SELECT ${COLUMNS} FROM persona_imports WHERE id = $1`, [id]);
    return rows[0] ? toImportResponse(rows[0]) : null;
  }

  /** Recent imports (without their files), newest first. */
  async recent(limit: number): Promise<PersonaImportResponse[]> {
    const rows: ImportRow[] = await this.ds.query(`SELECT ${COLUMNS} FROM persona_imports ORDER BY created_at DESC LIMIT $1`, [limit]);
    return rows.map((r) => toImportResponse(r));
  }

  async loadFile(id: string): Promise<{ status: ImportStatus; file: Buffer; createdBy: number | null } | null> {
    const rows = await this.ds.query(`SELECT status, file, created_by FROM persona_imports WHERE id = $1`, [id]);
    return rows[0] ? { status: rows[0].status, file: rows[0].file, createdBy: rows[0].created_by } : null;
  }

  async markProcessing(id: string): Promise<void> {
    await this.ds.query(
      `UPDATE persona_imports SET status = 'processing', started_at = coalesce(started_at, now()), progress = 0, processed = 0,
              imported = 0, skipped = 0, errors = '[]'::jsonb, errors_count = 0 WHERE id = $1`,
      [id],
    );
  }

  async saveProgress(id: string, p: { progress: number; processed: number; imported: number; skipped: number }): Promise<void> {
    await this.ds.query(
      `UPDATE persona_imports SET progress = $2, processed = $3, imported = $4, skipped = $5 WHERE id = $1 AND status = 'processing'`,
      [id, p.progress, p.processed, p.imported, p.skipped],
    );
  }

  /**
   * Inserts a batch; rows whose person already exists (same name and phone) are left out by the
   * unique index. Returns how many were written now.
   */
  async insertBatch(importId: string, createdBy: number | null, rows: ImportPersonRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    // Each column as one PostgreSQL array literal built here (node-pg's generic array encoding costs more
    // than the rest of the job's own work on a 10 MB file).
    const col = <K extends keyof ImportPersonRow>(k: K) => arrayLiteral(rows, k);
    const [{ n }]: Array<{ n: number }> = await this.ds.query(
      `WITH inserted AS (
       INSERT INTO personas (nombre, apellido_paterno, apellido_materno, telefono_celular, search_text, sort_key, dedupe_key, import_row, import_id, created_by, completeness_level)
       SELECT n, ap, am, tel, st, sk, dk, r, $9::uuid, $10::int, 'red'
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[]) AS t(n, ap, am, tel, st, sk, dk, r)
       ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
       RETURNING 1)
       SELECT count(*)::int AS n FROM inserted`,
      [
        col('nombre'),
        col('apellido_paterno'),
        col('apellido_materno'),
        col('telefono_celular'),
        col('search_text'),
        col('sort_key'),
        col('dedupe_key'),
        col('import_row'),
        importId,
        createdBy,
      ],
    );
    return n;
  }

  /** People this import wrote, over all its attempts: the exact count whatever retries happened. */
  async countImported(importId: string): Promise<number> {
    const [{ n }] = await this.ds.query(`SELECT count(*)::int AS n FROM personas WHERE import_id = $1`, [importId]);
    return n;
  }

  async complete(
    manager: EntityManager,
    id: string,
    r: { imported: number; skipped: number; total: number; processed: number; errors: ImportRowError[]; errorsCount: number },
  ): Promise<void> {
    await manager.query(
      `UPDATE persona_imports SET status = 'completed', progress = 100, imported = $2, skipped = $3, total = $4, processed = $5, errors = $6::jsonb,
              errors_count = $7, finished_at = now() WHERE id = $1`,
      [id, r.imported, r.skipped, r.total, r.processed, JSON.stringify(r.errors), r.errorsCount],
    );
  }

  async fail(id: string, message: string): Promise<void> {
    await this.ds.query(`UPDATE persona_imports SET status = 'failed', error_message = $2, finished_at = now() WHERE id = $1`, [
      id,
      message,
    ]);
  }

  async errorsOf(id: string): Promise<ImportRowError[] | null> {
    const rows = await this.ds.query(`SELECT errors FROM persona_imports WHERE id = $1`, [id]);
    return rows[0] ? rows[0].errors : null;
  }
}
