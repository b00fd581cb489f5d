import { Injectable } from '@nestjs/common';
import { IMPORT_BATCH_ROWS, IMPORT_PROGRESS_PUSH_MS, IMPORT_WRITERS } from '../personas.constants';
import type { ImportRowError } from '@shared/contracts/personas.contract';
import type { JobPayloads } from '@shared/jobs/jobs';
import { CSV_FILE_MESSAGES, CsvQuoteNotClosedError, decodeCsv, findColumns, readRecords, type HeaderColumns } from '../import/csv-import';
import { ImportsRepository, type ImportChunk, type ImportWriter } from '../import/imports.repository';
import { ImportLines } from '../import/import-lines';
import { normalizePhone, normalizeText } from '@shared/rules/persona-rules';
import { ProgressJob } from '@core/jobs/job-base';
import { DedupeImportSorter } from '../dedupe/dedupe-import';

/** Rows parsed between two turns of the event loop (so batch writes and pushes go out while the file is read). */
const ROWS_PER_TURN = 1000;
/** Longest pause before a batch while the API is busy. */
const API_YIELD_MAX_MS = 250;

/**
 * personas.import: reads the stored CSV and streams its people into `personas` in batches written by
 * IMPORT_WRITERS connections side by side while the rest of the file is parsed (a plain COPY per batch,
 * INSERT … ON CONFLICT DO NOTHING for a batch that holds people already stored), pushing real progress.
 * Idempotent per import and row: a retry after a crash re-reads the file, the rows already written are
 * recognised by the unique same-person key, and `imported` is counted in the same transaction as each
 * batch, so the final counts are exact.
 */
@Injectable()
export class PersonaImportJob extends ProgressJob<'personas.import'> {
  constructor(
    private readonly imports: ImportsRepository,
    private readonly dedupeSorter: DedupeImportSorter,
  ) {
    super('personas.import');
  }

  handle(payload: JobPayloads['personas.import']): Promise<void> {
    return this.handleImport(payload);
  }

  gaveUp(payload: JobPayloads['personas.import']): Promise<void> {
    return this.handleGaveUp(payload);
  }

  async handleImport({ importId }: JobPayloads['personas.import']): Promise<void> {
    const stored = await this.imports.loadFile(importId);
    if (!stored) throw new Error(`Import ${importId} not found`);
    if (stored.status === 'completed' || stored.status === 'failed') return;
    await this.imports.markProcessing(importId);
    await this.push(importId);

    const { text } = decodeCsv(stored.file);
    const writers: ImportWriter[] = [];
    const busy: Array<Promise<void> | null> = [];
    let turn = 0;
    let failed: unknown = null;

    // Pushes go out one after the other (progress never goes back), at most every IMPORT_PROGRESS_PUSH_MS.
    let lastPush = 0;
    let pushes: Promise<void> = Promise.resolve();
    const report = () => {
      const now = Date.now();
      if (now - lastPush < IMPORT_PROGRESS_PUSH_MS) return;
      lastPush = now;
      pushes = pushes.then(() => this.push(importId)).catch((err) => this.logger.warn(`Progress push: ${(err as Error).message}`));
    };
    // Background work gives way to the API: while the API is answering requests (its queries seen running at
    // two batch boundaries in a row), batches go one at a time with a pause as long as the last write, so the
    // import takes at most about half of one core; otherwise all the writers run side by side.
    let apiBusyStreak = 0;
    let lastWriteMs = 0;
    const yieldToApi = async () => {
      apiBusyStreak = (await this.imports.apiQueriesRunning()) > 0 ? apiBusyStreak + 1 : 0;
      if (apiBusyStreak < 2) return;
      await Promise.all(busy);
      await new Promise((resolve) => setTimeout(resolve, Math.min(lastWriteMs, API_YIELD_MAX_MS)));
    };
    /** Hands a batch to the next writer once its previous batch is written; at most one batch per writer in flight. */
    const dispatch = async (chunk: ImportChunk) => {
      await yieldToApi();
      const slot = turn++ % writers.length;
      if (busy[slot]) await busy[slot];
      if (failed) throw failed;
      const started = Date.now();
      const writing = writers[slot].write(chunk).then(
        () => {
          lastWriteMs = Date.now() - started;
          report();
        },
        (err) => {
          failed ??= err;
        },
      );
      busy[slot] = writing;
    };
    const drain = async () => {
      await Promise.all(busy);
      await pushes;
      if (failed) throw failed;
    };

    const errors: ImportRowError[] = [];
    let columns: HeaderColumns | null = null;
    const batch = new ImportLines(importId, stored.createdBy);
    const cut = (progress: number): ImportChunk => ({ rows: batch.rows, data: batch.take(), progress, processed: total });
    let total = 0;
    let valid = 0;
    const addError = (row: number, message: string) => errors.push({ row, message });

    try {
      for (let i = 0; i < IMPORT_WRITERS; i++) {
        writers.push(await this.imports.openWriter(importId));
        busy.push(null);
      }
      try {
        let sinceTurn = 0;
        for (const item of readRecords(text)) {
          if ('header' in item) {
            columns = findColumns(item.header);
            if (!columns) return this.failImport(importId, CSV_FILE_MESSAGES.noHeader);
            continue;
          }
          total++;
          if (++sinceTurn >= ROWS_PER_TURN) {
            sinceTurn = 0;
            await new Promise((resolve) => setImmediate(resolve)); // replies from PostgreSQL, batch data, pushes
            if (failed) throw failed;
          }
          const rawName = item.fields[columns!.nombre] ?? '';
          const rawPhone = item.fields[columns!.contacto] ?? '';
          const phone = normalizePhone(rawPhone);
          // (the name is empty exactly when its normalized text is: splitFullName keeps every word)
          const added = phone ? batch.add(rawName, phone, item.row) : null;
          if (added === 'empty' || (added === null && !normalizeText(rawName))) {
            addError(item.row, 'El nombre está vacío.');
            continue;
          }
          if (added === null) {
            addError(item.row, `El contacto "${normalizeText(rawPhone).slice(0, 30)}" no es un teléfono de 10 dígitos.`);
            continue;
          }
          valid++; // (a duplicate inside the file is valid, and skipped)
          // Real progress: how far the parser is in the file (the last 1% is the final count).
          if (batch.rows >= IMPORT_BATCH_ROWS) await dispatch(cut(Math.min(99, Math.floor(item.fraction * 100))));
        }
      } catch (err) {
        await Promise.all(busy); // no write left running behind a failed job
        // A malformed file (an unclosed quote…) fails the same way on every retry: end the import, in Spanish.
        if (err instanceof CsvQuoteNotClosedError) return this.failImport(importId, CSV_FILE_MESSAGES.malformed);
        throw err;
      }
      if (!columns) return this.failImport(importId, CSV_FILE_MESSAGES.empty);
      await dispatch(cut(99));
      await drain();
    } finally {
      await Promise.all(busy);
      await Promise.all(writers.map((w) => w.close()));
    }

    // Possible duplicates: the rows that match a stored person are taken back out before the result.
    await this.dedupeSorter.sort(importId);
    const result = await this.ds.transaction(async (manager) => {
      const counts = await this.imports.complete(manager, importId, { valid, total, processed: total, errors });
      await this.outbox.insert(manager, { userId: stored.createdBy, ip: null }, [
        {
          type: 'persona-import.completed',
          resourceId: importId,
          payload: { import_id: importId, imported: counts.imported, skipped: counts.skipped, total, errors: errors.length },
        },
      ]);
      return counts;
    });
    await this.push(importId);
    this.logger.log(`Import ${importId}: ${result.imported} imported, ${result.skipped} skipped, ${errors.length} errors of ${total}`);
  }

  /**
   * The job failed its last attempt (a fault that is not the file's: the database or Redis down for longer than
   * every retry): the import ends as failed, with the spec's message, instead of staying "in progress". The
   * batches written before stay, counted in `imported`.
   */
  handleGaveUp({ importId }: JobPayloads['personas.import']): Promise<void> {
    return this.failImport(importId, 'Error al importar el archivo CSV');
  }

  /** Ends the running import as failed with a Spanish message, and tells the personas room. */
  private async failImport(importId: string, message: string): Promise<void> {
    await this.imports.fail(importId, message);
    await this.push(importId);
  }

  private async push(importId: string): Promise<void> {
    const current = await this.imports.find(importId);
    if (current)
      this.pushProgress(['personas'], 'import.progress', `import:${importId}:${current.status}:${current.progress}`, { import: current });
  }
}
