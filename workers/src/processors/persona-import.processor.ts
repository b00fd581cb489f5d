import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { IMPORT_BATCH_ROWS, IMPORT_MAX_ROW_ERRORS, IMPORT_PROGRESS_PUSH_MS } from '@core/constants';
import type { ImportRowError } from '@core/contracts/personas.contract';
import type { JobPayloads } from '@core/jobs/jobs';
import { OutboxRepository } from '@core/outbox/outbox.repository';
import { decodeCsv, findColumns, readRecords, type HeaderColumns } from '@core/people/csv-import';
import { ImportsRepository, type ImportPersonRow } from '@core/people/imports.repository';
import { dedupeKey, normalizePhone, normalizeText, searchText, sortKey, splitFullName } from '@core/people/persona-rules';
import { SocketEmitter } from '../socket-emitter';

/**
 * personas.import: streams the stored CSV, writes people in bulk batches (existing people skipped
 * by the unique same-person key) and pushes real progress. Idempotent per import and row: a retry
 * after a crash re-reads the file, the rows already written are recognised by the key, and the
 * final counts are taken from the database (people carrying this import's id).
 */
@Injectable()
export class PersonaImportProcessor {
  private readonly logger = new Logger(PersonaImportProcessor.name);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly imports: ImportsRepository,
    private readonly outbox: OutboxRepository,
    private readonly sockets: SocketEmitter,
  ) {}

  async handleImport({ importId }: JobPayloads['personas.import']): Promise<void> {
    const stored = await this.imports.loadFile(importId);
    if (!stored) throw new Error(`Import ${importId} not found`);
    if (stored.status === 'completed' || stored.status === 'failed') return;
    await this.imports.markProcessing(importId);
    await this.push(importId);

    const { text } = decodeCsv(stored.file);
    const seen = new Set<string>();
    const errors: ImportRowError[] = [];
    let errorsCount = 0;
    let columns: HeaderColumns | null = null;
    let batch: ImportPersonRow[] = [];
    let total = 0;
    let valid = 0;
    let written = 0;
    let fraction = 0;
    let lastPush = 0;
    const addError = (row: number, message: string) => {
      errorsCount++;
      if (errors.length < IMPORT_MAX_ROW_ERRORS) errors.push({ row, message });
    };
    // One batch is written while the next one is parsed and normalized (the database and this process
    // work at the same time); never more than one in flight, so batches are written in file order.
    let inFlight: Promise<void> | null = null;
    const write = async (rows: ImportPersonRow[], at: { processed: number; valid: number; fraction: number }, last: boolean) => {
      written += await this.imports.insertBatch(importId, stored.createdBy, rows);
      const now = Date.now();
      if (last || now - lastPush >= IMPORT_PROGRESS_PUSH_MS) {
        lastPush = now;
        // Real progress: how far the parser is in the file (the last 1% is the final count).
        await this.imports.saveProgress(importId, {
          progress: Math.min(99, Math.floor(at.fraction * 100)),
          processed: at.processed,
          imported: written,
          skipped: at.valid - written,
        });
        await this.push(importId);
      }
    };
    const flush = async (last = false) => {
      if (inFlight) await inFlight; // rethrows a failed write
      const rows = batch;
      batch = [];
      inFlight = write(rows, { processed: total, valid, fraction }, last);
      inFlight.catch(() => undefined); // awaited by the next flush; no unhandled rejection meanwhile
      if (last) await inFlight;
      else await new Promise((resolve) => setImmediate(resolve)); // the batch goes out before parsing on
    };

    try {
      for (const item of readRecords(text)) {
        if ('header' in item) {
          columns = findColumns(item.header);
          if (!columns) {
            await this.imports.fail(importId, 'El archivo debe tener el encabezado nombre,contacto en la primera fila.');
            await this.push(importId);
            return;
          }
          continue;
        }
        total++;
        fraction = item.fraction;
        const rawName = item.fields[columns!.nombre] ?? '';
        const rawPhone = item.fields[columns!.contacto] ?? '';
        const name = splitFullName(rawName);
        const phone = normalizePhone(rawPhone);
        if (!name.nombre) {
          addError(item.row, 'El nombre está vacío.');
          continue;
        }
        if (!phone) {
          addError(item.row, `El contacto "${normalizeText(rawPhone).slice(0, 30)}" no es un teléfono de 10 dígitos.`);
          continue;
        }
        valid++;
        const key = dedupeKey(name.nombre, name.apellido_paterno, name.apellido_materno, phone)!;
        if (seen.has(key)) continue; // a duplicate inside the file: skipped
        seen.add(key);
        const { nombre, apellido_paterno, apellido_materno } = name; // (no object spread: it costs per row)
        batch.push({
          nombre,
          apellido_paterno,
          apellido_materno,
          telefono_celular: phone,
          search_text: searchText({ nombre, apellido_paterno, apellido_materno, telefono_celular: phone }),
          sort_key: sortKey(name),
          dedupe_key: key,
          import_row: item.row,
        });
        if (batch.length >= IMPORT_BATCH_ROWS) await flush();
      }
    } catch (err) {
      const pending = inFlight as Promise<void> | null; // (assigned inside flush)
      if (pending) await pending.catch(() => undefined); // no write left running behind a failed job
      // A malformed file (an unclosed quote…) fails the same way on every retry: end the import, in Spanish.
      if (String((err as { code?: unknown }).code ?? '').startsWith('CSV_')) {
        await this.imports.fail(importId, 'El archivo CSV no tiene un formato válido (por ejemplo, comillas sin cerrar).');
        await this.push(importId);
        return;
      }
      throw err;
    }
    if (!columns) {
      await this.imports.fail(importId, 'El archivo está vacío.');
      await this.push(importId);
      return;
    }
    await flush(true);

    const imported = await this.imports.countImported(importId);
    const result = { imported, skipped: valid - imported, total, processed: total, errors, errorsCount };
    await this.ds.transaction(async (manager) => {
      await this.imports.complete(manager, importId, result);
      await this.outbox.insert(manager, { userId: stored.createdBy, ip: null }, [
        {
          type: 'persona-import.completed',
          resourceId: importId,
          payload: { import_id: importId, imported, skipped: result.skipped, total, errors: errorsCount },
        },
      ]);
    });
    await this.push(importId);
    this.logger.log(`Import ${importId}: ${imported} imported, ${result.skipped} skipped, ${errorsCount} errors of ${total}`);
  }

  private async push(importId: string): Promise<void> {
    const current = await this.imports.find(importId);
    if (current)
      this.sockets.toRoom('personas', 'import.progress', {
        event_id: `import:${importId}:${current.status}:${current.progress}`,
        occurred_at: new Date().toISOString(),
        data: { import: current },
      });
  }
}
