import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { PersonaImportResponse } from '@shared/contracts/personas.contract';
import { DomainException, ErrorCode } from '@core/errors/domain-exception';
import type { EventActor } from '@shared/events/domain-events';
import { UnitOfWork } from '@core/outbox/unit-of-work';
import { CSV_FILE_MESSAGES, decodeCsvHead, findColumns, hasUnclosedQuote, readHeader } from './import/csv-import';
import { ImportsRepository } from './import/imports.repository';
import { APP_CONFIG, type AppConfig } from '@core/config/app-config';
import { sheetFile, type Sheet, type SheetColumn } from '@core/format/spreadsheet';
import type { DownloadFile, ExportFormat } from '@core/http/downloads';

const IMPORT_NOT_FOUND = 'La importación no existe.';
/** The file's row number (a number a spreadsheet sorts) and why it was refused. */
const IMPORT_ERROR_COLUMNS: SheetColumn[] = [
  { header: 'Fila', type: 'number', width: 8 },
  { header: 'Motivo', type: 'text', width: 60 },
];

@Injectable()
export class PersonaImportsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly uow: UnitOfWork,
    private readonly imports: ImportsRepository,
  ) {}

  /**
   * Checks the file before any job starts (name, content, header), stores it and records the
   * request; the outbox relay enqueues the job, so an upload during a Redis outage still runs.
   */
  async start(file: Express.Multer.File, actor: EventActor): Promise<PersonaImportResponse> {
    const refuse = (message: string) => DomainException.validation({ file: [message] }, message);
    const fileName = (file.originalname || 'archivo.csv').slice(0, 200);
    if (!/\.csv$/i.test(fileName)) throw refuse('Por favor selecciona un archivo CSV válido');
    if (file.size === 0) throw refuse(CSV_FILE_MESSAGES.empty);
    // Only the start of the file is decoded here (the header); the job decodes the whole file.
    const { text, hasNul } = decodeCsvHead(file.buffer);
    if (hasNul) throw refuse('El archivo no es un CSV de texto.');
    let header: string[] | null;
    try {
      header = readHeader(text);
    } catch {
      throw refuse(CSV_FILE_MESSAGES.malformed);
    }
    if (!header) throw refuse(CSV_FILE_MESSAGES.empty);
    if (!findColumns(header)) throw refuse(CSV_FILE_MESSAGES.noHeader);
    // The whole file, not only its head: a fault found by the job after some batches were written would leave
    // an import half done and reported as failed.
    if (hasUnclosedQuote(file.buffer)) throw refuse(CSV_FILE_MESSAGES.malformed);
    const id = randomUUID();
    await this.uow.run(actor, async (tx) => {
      await this.imports.create(tx.manager, { id, fileName, file: file.buffer, createdBy: actor.userId });
      await tx.record({ type: 'persona-import.requested', resourceId: id, payload: { import_id: id, file_name: fileName } });
    });
    return (await this.imports.find(id))!;
  }

  async get(id: string): Promise<PersonaImportResponse> {
    const found = await this.imports.find(id);
    if (!found) throw new DomainException(ErrorCode.NotFound, IMPORT_NOT_FOUND);
    return found;
  }

  recent(): Promise<PersonaImportResponse[]> {
    return this.imports.recent(5);
  }

  /** The rows that could not be imported, as a CSV (or Excel) staff can open (same format rules as exports). */
  async errorsFile(id: string, format: ExportFormat): Promise<DownloadFile> {
    const errors = await this.imports.errorsOf(id);
    if (!errors) throw new DomainException(ErrorCode.NotFound, IMPORT_NOT_FOUND);
    const sheet: Sheet = { name: 'Errores', columns: IMPORT_ERROR_COLUMNS, rows: errors.map((e) => [e.row, e.message]) };
    return sheetFile(sheet, format, `errores_importacion_${id.slice(0, 8)}`, this.config.tzDisplay);
  }
}
