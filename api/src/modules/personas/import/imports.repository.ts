import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import { Client, type ClientBase } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import { ANONYMIZED_NAME } from '@core/privacy/personal-data-registry';
import type { ImportRowError, ImportStatus, PersonaImportResponse } from '@shared/contracts/personas.contract';
import { IMPORT_MAX_ROW_ERRORS } from '../personas.constants';
import { IMPORT_LINE_COLUMNS } from './import-lines';
import { copyIn, copyOutBytea } from './pg-copy';
import { iso } from '@core/format/iso';
import { countRows, updateRows } from '@core/database/row-counts';

/** A persona_imports row as read (COLUMNS): the answer's fields under their column names, with the timestamps as dates. */
type ImportRow = Omit<PersonaImportResponse, 'import_id' | 'message' | 'created_at' | 'finished_at'> & {
  id: string;
  error_message: string | null;
  created_by: number | null;
  created_at: Date;
  finished_at: Date | null;
};

const COLUMNS = `id, status, file_name, progress, processed, imported, skipped, por_revisar, total, errors, errors_count,
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
    por_revisar: r.por_revisar,
    total: r.total,
    errors: r.errors,
    errors_count: r.errors_count,
    message: r.error_message,
    created_at: iso(r.created_at)!,
    finished_at: iso(r.finished_at),
  };
}

/** An import's file retention deletes ($1: the cutoff): the import is over (never one queued or running). */
const FILE_EXPIRED = `file IS NOT NULL AND status IN ('completed', 'failed') AND coalesce(finished_at, created_at) < $1`;
/** Review rows (`persona_import_duplicados`, alias d) of imports finished before $1 that still hold someone's data. */
const REVIEW_ROWS_EXPIRED = `d.import_id IN (SELECT id FROM persona_imports WHERE status IN ('completed', 'failed') AND coalesce(finished_at, created_at) < $1)
   AND NOT (d.nombre = '${ANONYMIZED_NAME}' AND d.telefono_celular IS NULL AND d.reasons = '[]'::jsonb)`;

/** A batch of the file's people on its way to the table, with how far into the file it reaches. */
export interface ImportChunk {
  /** The batch in COPY text format (ImportLines, one line per person). */
  data: Buffer;
  rows: number;
  /** Parser progress (0–99) and rows read when the batch was cut. */
  progress: number;
  processed: number;
}

/**
 * Writes one import's batches on a connection of its own. Each batch is one transaction: its people and
 * `imported = imported + n` on the import together, so the count stays exact whatever crash or retry
 * happens. The batch goes first as a plain COPY into `personas` (the fast way, when none of its people
 * exist yet); if one of them does (the unique same-person key refuses it: a person already stored, or rows
 * an earlier attempt of this import wrote), that transaction is rolled back and the same batch is copied
 * into a temporary table and moved with INSERT … ON CONFLICT DO NOTHING.
 */
export class ImportWriter {
  constructor(
    private readonly client: ClientBase,
    private readonly importId: string,
    private readonly done: () => Promise<void>,
  ) {
    if (!isUUID(importId)) throw new Error(`Invalid import id ${importId}`);
  }

  /** Writes a batch (its people that are not stored yet). */
  async write(chunk: ImportChunk): Promise<void> {
    const n = chunk.rows;
    if (n === 0) return;
    const set = `progress = GREATEST(progress, ${Math.trunc(chunk.progress)}), processed = GREATEST(processed, ${Math.trunc(chunk.processed)})`;
    try {
      await copyIn(
        this.client,
        `COPY personas (${IMPORT_LINE_COLUMNS}) FROM STDIN; UPDATE persona_imports SET imported = imported + ${n}, ${set} WHERE id = '${this.importId}'`,
        chunk.data,
      );
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '23505') throw err;
    }
    await copyIn(
      this.client,
      `CREATE TEMP TABLE IF NOT EXISTS personas_import_batch ON COMMIT DELETE ROWS AS SELECT ${IMPORT_LINE_COLUMNS} FROM personas WITH NO DATA;
       COPY personas_import_batch FROM STDIN;
       WITH inserted AS (
         INSERT INTO personas (${IMPORT_LINE_COLUMNS}) SELECT ${IMPORT_LINE_COLUMNS} FROM personas_import_batch
         ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING RETURNING 1)
       UPDATE persona_imports SET imported = imported + (SELECT count(*) FROM inserted), ${set} WHERE id = '${this.importId}'`,
      chunk.data,
    );
  }

  /** Gives the connection back to the pool. */
  close(): Promise<void> {
    return this.done();
  }
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

  /** The import's state and its stored file (read as raw bytes: see copyOutBytea). */
  async loadFile(id: string): Promise<{ status: ImportStatus; file: Buffer; createdBy: number | null } | null> {
    if (!isUUID(id)) return null;
    const rows = await this.ds.query(`SELECT status, created_by FROM persona_imports WHERE id = $1`, [id]);
    if (!rows[0]) return null;
    const runner = this.ds.createQueryRunner();
    await runner.connect();
    try {
      const client = (runner as unknown as { databaseConnection: ClientBase }).databaseConnection;
      const file = await copyOutBytea(client, `COPY (SELECT file FROM persona_imports WHERE id = '${id}') TO STDOUT (FORMAT binary)`);
      return file ? { status: rows[0].status, file, createdBy: rows[0].created_by } : null;
    } finally {
      await runner.release();
    }
  }

  /**
   * An attempt starts (again): progress restarts, `imported` does not, as it counts the people this import
   * wrote in committed batches over all its attempts (see ImportWriter).
   */
  async markProcessing(id: string): Promise<void> {
    await this.ds.query(
      `UPDATE persona_imports SET status = 'processing', started_at = coalesce(started_at, now()), progress = 0, processed = 0,
              skipped = 0, errors = '[]'::jsonb, errors_count = 0 WHERE id = $1`,
      [id],
    );
  }

  /** A writer on a connection of its own, closed with it (several writers may run side by side). */
  async openWriter(importId: string): Promise<ImportWriter> {
    const client = new Client({ connectionString: (this.ds.options as { url: string }).url, application_name: 'aforo-import' });
    await client.connect();
    // A batch's commit does not wait for its WAL to reach the disk: if PostgreSQL stops before it does, the batch
    // and its count in `imported` are lost together, the job fails and its retry writes them again; the import's
    // completion is an ordinary commit, which flushes every batch before it.
    await client.query(`SET synchronous_commit = off`);
    return new ImportWriter(client, importId, () => client.end());
  }

  /** How many of the API's queries on this database are running right now (its connections are named `aforo`). */
  async apiQueriesRunning(): Promise<number> {
    const rows: Array<{ n: number }> = await this.ds.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'aforo' AND state = 'active'
          AND pid <> pg_backend_pid()`,
    );
    return rows[0].n;
  }

  /**
   * The import is done: `imported` is what its batches counted (less the rows matching a stored person); the other
   * valid rows were duplicates, except those waiting for review (`por_revisar`). Every row
   * error is kept for the errors file; the import's answers carry the first IMPORT_MAX_ROW_ERRORS.
   */
  async complete(
    manager: EntityManager,
    id: string,
    r: { valid: number; total: number; processed: number; errors: ImportRowError[] },
  ): Promise<{ imported: number; skipped: number }> {
    const rows: Array<{ imported: number; skipped: number }> = await manager.query(
      `UPDATE persona_imports SET status = 'completed', progress = 100, skipped = greatest(0, $2 - imported - por_revisar), total = $3, processed = $4,
              errors = $5::jsonb, errors_count = $6, all_errors = $7::jsonb, finished_at = now() WHERE id = $1 RETURNING imported, skipped`,
      [
        id,
        r.valid,
        r.total,
        r.processed,
        JSON.stringify(r.errors.slice(0, IMPORT_MAX_ROW_ERRORS)),
        r.errors.length,
        JSON.stringify(r.errors),
      ],
    );
    return rows[0];
  }

  /** Ends a running import as failed (an import already finished stays as it is). */
  async fail(id: string, message: string): Promise<void> {
    await this.ds.query(
      `UPDATE persona_imports SET status = 'failed', error_message = $2, finished_at = now() WHERE id = $1 AND status IN ('queued', 'processing')`,
      [id, message],
    );
  }

  /** Every row error of the import (the first ones only for an import finished before they were all kept). */
  async errorsOf(id: string): Promise<ImportRowError[] | null> {
    const rows = await this.ds.query(`SELECT coalesce(all_errors, errors) AS errors FROM persona_imports WHERE id = $1`, [id]);
    return rows[0] ? rows[0].errors : null;
  }

  // ——— Retention: the uploaded files of imports finished before the cutoff ———

  countFilesBefore(cutoff: Date): Promise<number> {
    return countRows(this.ds, 'persona_imports', FILE_EXPIRED, [cutoff]);
  }

  /** Deletes the files (the CSV as uploaded) in one statement; the import's counts and errors stay. */
  deleteFilesBefore(manager: EntityManager, cutoff: Date): Promise<number> {
    return updateRows(manager, 'persona_imports', 'file = NULL, archivo_eliminado_at = now()', FILE_EXPIRED, [cutoff]);
  }

  // ——— Retention: the review rows of those imports (a name, a mobile, the match's reasons) ———

  countReviewRowsBefore(cutoff: Date): Promise<number> {
    return countRows(this.ds, 'persona_import_duplicados d', REVIEW_ROWS_EXPIRED, [cutoff]);
  }

  /**
   * Anonymised as an ARCO cancellation leaves them (import-duplicates.personal-data.ts), in one statement; a row still
   * waiting for a decision is discarded (nobody can be created from 'Anonimizado'). The import's counts stay.
   */
  anonymizeReviewRowsBefore(manager: EntityManager, cutoff: Date): Promise<number> {
    const set = `nombre = '${ANONYMIZED_NAME}', apellido_paterno = '', apellido_materno = '', telefono_celular = NULL, reasons = '[]'::jsonb,
                 estado = CASE WHEN d.estado = 'pendiente' THEN 'descartada' ELSE d.estado END`;
    return updateRows(manager, 'persona_import_duplicados d', set, REVIEW_ROWS_EXPIRED, [cutoff]);
  }
}
