import ExcelJS from 'exceljs';
import { csvDocument, neutralizeFormula } from '@shared/rules/csv';
import type { RegistrantColumns } from '../entities/base-columns';
import { EXPORT_CONTENT_TYPES, type DownloadFile, type ExportFormat } from '../http/downloads';
import { formatCalendarDateMx, formatDateTimeMx, wallClockInZone } from './display-dates';

/**
 * One table an export writes, described once and written two ways: CSV (spec 1 §9: text, es-MX dates) and XLSX
 * (typed cells). docs/decisions/plataforma.md, «Exportaciones en CSV y en Excel».
 * - `text`: a string; the formula guard of the CSV (neutralizeFormula) applies in both files.
 * - `number`: a number (an Excel number; in the CSV, its digits).
 * - `date`: a calendar date 'YYYY-MM-DD' (a birth date: no zone), shown DD/MM/YYYY.
 * - `datetime`: an instant, shown as the wall clock of the display zone (TZ_DISPLAY).
 */
export interface SheetColumn {
  header: string;
  type: 'text' | 'number' | 'date' | 'datetime';
  /** In characters (Excel's unit); by default the header's length, at least 12. */
  width?: number;
}
export type SheetCell = string | number | Date | null | undefined;

export interface Sheet {
  /** The worksheet's name (at most 31 characters, none of []:*?/\). */
  name: string;
  columns: readonly SheetColumn[];
  rows: readonly (readonly SheetCell[])[];
}

/** The person at the head of a public form's row (registrations of events and programs): names and birth date. */
export const REGISTRANT_COLUMNS: readonly SheetColumn[] = [
  { header: 'Nombre', type: 'text', width: 18 },
  { header: 'Apellido Paterno', type: 'text', width: 18 },
  { header: 'Apellido Materno', type: 'text', width: 18 },
  { header: 'Fecha Nacimiento', type: 'date' },
];

export function registrantCells(r: RegistrantColumns): SheetCell[] {
  return [r.nombre, r.apellidoPaterno, r.apellidoMaterno, r.fechaNacimiento];
}

/** es-MX as Excel writes it: day first, 24-hour clock (no 'a. m.' that an English Excel would print as AM). */
export const XLSX_DATE_FORMAT = 'dd/mm/yyyy';
export const XLSX_DATETIME_FORMAT = 'dd/mm/yyyy hh:mm';

function csvValue(column: SheetColumn, value: SheetCell, timeZone: string): string | number | null {
  if (value === null || value === undefined || value === '') return '';
  if (column.type === 'date' && typeof value === 'string') return formatCalendarDateMx(value);
  if (column.type === 'datetime' && value instanceof Date) return formatDateTimeMx(value, timeZone);
  return value instanceof Date ? value.toISOString() : value;
}

/** The CSV of spec 1 §9: byte-order mark, CRLF, quoting, formulas neutralized (shared/rules/csv.ts). */
export function sheetCsv(sheet: Sheet, timeZone: string): string {
  return csvDocument([
    sheet.columns.map((c) => c.header),
    ...sheet.rows.map((r) => sheet.columns.map((c, i) => csvValue(c, r[i], timeZone))),
  ]);
}

/** A calendar date as Excel keeps one: midnight of that day, with no zone (exceljs counts days from UTC). */
function calendarDate(iso: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

function xlsxValue(column: SheetColumn, value: SheetCell, timeZone: string): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  switch (column.type) {
    case 'number':
      return typeof value === 'number' ? value : Number.isFinite(Number(value)) ? Number(value) : neutralizeFormula(String(value));
    case 'date':
      return typeof value === 'string' ? (calendarDate(value) ?? neutralizeFormula(value)) : value instanceof Date ? value : null;
    case 'datetime':
      return value instanceof Date ? wallClockInZone(value, timeZone) : neutralizeFormula(String(value));
    default:
      return neutralizeFormula(value instanceof Date ? value.toISOString() : String(value));
  }
}

const FORMATS: Record<SheetColumn['type'], string | undefined> = {
  text: '@',
  number: undefined,
  date: XLSX_DATE_FORMAT,
  datetime: XLSX_DATETIME_FORMAT,
};

/**
 * The same table as an Excel workbook: one sheet, the header row bold and frozen (it stays while scrolling) with
 * a filter, dates and numbers as Excel dates and numbers, text as text — never a formula (exceljs writes strings as
 * strings; the guard still prefixes them, so that saving the sheet as CSV stays as safe as our CSV).
 */
export async function sheetXlsx(sheet: Sheet, timeZone: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Aforo';
  const ws = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
  ws.columns = sheet.columns.map((c) => ({
    header: c.header,
    width: c.width ?? Math.max(12, c.header.length + 2),
    style: FORMATS[c.type] ? { numFmt: FORMATS[c.type] } : {},
  }));
  ws.getRow(1).font = { bold: true };
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columns.length } };
  for (const row of sheet.rows) ws.addRow(sheet.columns.map((c, i) => xlsxValue(c, row[i], timeZone)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The table as the file asked for: `<basename>.csv` or `<basename>.xlsx`. */
export async function sheetFile(sheet: Sheet, format: ExportFormat, basename: string, timeZone: string): Promise<DownloadFile> {
  const body = format === 'xlsx' ? await sheetXlsx(sheet, timeZone) : sheetCsv(sheet, timeZone);
  return { filename: `${basename}.${format}`, body, contentType: EXPORT_CONTENT_TYPES[format] };
}
