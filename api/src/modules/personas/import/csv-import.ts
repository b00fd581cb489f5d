import { isUtf8 } from 'node:buffer';
import { foldAccents } from '@shared/rules/persona-rules';

/**
 * Decodes an uploaded CSV: UTF-8 with or without byte-order mark, else ISO-8859-1 (what Excel in
 * Spanish saves). Invalid UTF-8 is the signal for ISO-8859-1, so 'PEÑA' and 'GARCÍA' arrive intact.
 */
export function decodeCsv(buf: Buffer): { text: string; encoding: 'utf-8' | 'iso-8859-1' } {
  const body = buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? buf.subarray(3) : buf;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('latin1').decode(body), encoding: 'iso-8859-1' };
  }
}

/**
 * The first `bytes` bytes of the file decoded as decodeCsv decodes the whole file (the same encoding
 * decision, made over the whole file; a character cut at the end is left out), and whether the file holds
 * a NUL byte: what the upload check needs, without decoding 10 MB in the API.
 */
export function decodeCsvHead(buf: Buffer, bytes = 64 * 1024): { text: string; hasNul: boolean } {
  const body = buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? buf.subarray(3) : buf;
  const head = body.subarray(0, bytes);
  const text = isUtf8(body)
    ? new TextDecoder('utf-8').decode(head, { stream: head.length < body.length })
    : new TextDecoder('latin1').decode(head);
  return { text, hasNul: body.indexOf(0) !== -1 };
}

const normalizeHeader = (h: string) =>
  foldAccents(
    h
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase(),
  ).replace(/\s+/g, ' ');

export interface HeaderColumns {
  nombre: number;
  contacto: number;
}

/** Finds the nombre and contacto columns (case, spaces and accents tolerated; extra columns ignored). */
export function findColumns(header: string[]): HeaderColumns | null {
  const names = header.map(normalizeHeader);
  const nombre = names.indexOf('nombre');
  const contacto = names.indexOf('contacto');
  return nombre >= 0 && contacto >= 0 ? { nombre, contacto } : null;
}

export interface CsvRecord {
  /** Spreadsheet row number (the header is row 1). */
  row: number;
  fields: string[];
  /** How far into the text the parser is, 0..1. */
  fraction: number;
}

/** The messages an import file is refused or ended with (the upload check and the job say the same). */
export const CSV_FILE_MESSAGES = {
  empty: 'El archivo está vacío.',
  noHeader: 'El archivo debe tener el encabezado nombre,contacto en la primera fila.',
  malformed: 'El archivo CSV no tiene un formato válido (por ejemplo, comillas sin cerrar).',
} as const;

/** A quoted field never closed: the one fault parseCsv refuses a file for. */
export class CsvQuoteNotClosedError extends Error {
  constructor() {
    super(CSV_FILE_MESSAGES.malformed);
  }
}

/** Reads only the header record, from the first 64 KB (for the upload check, before any job starts). */
export function readHeader(text: string): string[] | null {
  const first = parseCsv(text.slice(0, 64 * 1024)).next();
  return first.done ? null : first.value.fields;
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;

/**
 * The records of a CSV text: comma-separated, double quotes with "" inside, records ending in CRLF, LF or CR,
 * byte-order mark skipped, empty lines skipped, a quote that does not open a field or close one kept as text,
 * any number of columns (the rules csv-parse gives with bom, relax_quotes, relax_column_count and
 * skip_empty_lines); a quoted field never closed throws CsvQuoteNotClosedError. Written for speed: whole runs
 * of plain text are sliced instead of copied character by character. Lazy: one record at a time, with the
 * offset just past it.
 */
export function* parseCsv(text: string): Generator<{ fields: string[]; end: number }> {
  const len = text.length;
  let pos = len > 0 && text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let record: string[] = [];
  let field = '';
  let wasQuoting = false; // the current field was a quoted one
  while (pos < len) {
    if (field.length === 0 && text.charCodeAt(pos) === QUOTE) {
      // A quoted field: up to a quote followed by a delimiter, a line break or the end; "" is one quote.
      pos++;
      for (;;) {
        const q = text.indexOf('"', pos);
        if (q === -1) throw new CsvQuoteNotClosedError();
        field += text.slice(pos, q);
        const next = q + 1 < len ? text.charCodeAt(q + 1) : -1;
        if (next === QUOTE) {
          field += '"';
          pos = q + 2;
          continue;
        }
        wasQuoting = true;
        pos = q + 1;
        // A closing quote followed by anything else: the quotes are kept as text (relax_quotes).
        if (!(next === -1 || next === 0 || next === COMMA || next === CR || next === LF)) field = `"${field}"`;
        break;
      }
      continue;
    }
    // Plain text up to the next comma or line break (a quote inside a field is text).
    let end = pos;
    let c = -1;
    while (end < len) {
      c = text.charCodeAt(end);
      if (c === COMMA || c === CR || c === LF) break;
      end++;
    }
    if (end > pos) field += text.slice(pos, end);
    pos = end;
    if (pos >= len) break;
    if (c === COMMA) {
      record.push(field);
      field = '';
      wasQuoting = false;
      pos++;
      continue;
    }
    // A line break: CRLF, LF or CR.
    pos += c === CR && pos + 1 < len && text.charCodeAt(pos + 1) === LF ? 2 : 1;
    if (!wasQuoting && record.length === 0 && field.length === 0) continue; // an empty line
    record.push(field);
    yield { fields: record, end: pos };
    record = [];
    field = '';
    wasQuoting = false;
  }
  if (wasQuoting || record.length !== 0 || field.length !== 0) {
    record.push(field);
    yield { fields: record, end: len };
  }
}

/**
 * Whether the file (its bytes, UTF-8 or ISO-8859-1: quotes, commas and line breaks are the same single bytes
 * in both, and never part of a UTF-8 multi-byte character) holds a quoted field that is never closed: the one
 * fault parseCsv refuses a file for, found with the same rules before any job starts. A file without a quote
 * is answered at once.
 */
export function hasUnclosedQuote(buf: Buffer): boolean {
  const len = buf.length;
  if (buf.indexOf(QUOTE) === -1) return false;
  let pos = len >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
  let fieldStart = true;
  while (pos < len) {
    const c = buf[pos];
    if (fieldStart && c === QUOTE) {
      // A quoted field: up to a quote that is not doubled ("" is one quote inside it).
      pos++;
      for (;;) {
        const q = buf.indexOf(QUOTE, pos);
        if (q === -1) return true;
        if (q + 1 < len && buf[q + 1] === QUOTE) {
          pos = q + 2;
          continue;
        }
        pos = q + 1;
        break;
      }
      fieldStart = false;
      continue;
    }
    fieldStart = c === COMMA || c === CR || c === LF;
    pos++;
  }
  return false;
}

/** Streams the data records of the text (after the header), with the parser's progress. */
export function* readRecords(text: string): Generator<CsvRecord | { header: string[] }> {
  const total = text.length || 1;
  let index = 0;
  for (const { fields, end } of parseCsv(text)) {
    if (index === 0) yield { header: fields };
    else yield { row: index + 1, fields, fraction: Math.min(1, end / total) };
    index++;
  }
}
