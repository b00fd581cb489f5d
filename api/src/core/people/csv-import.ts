import { parse } from 'csv-parse';
import { Readable } from 'node:stream';
import { foldAccents } from './persona-rules';

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

function parser() {
  return parse({
    bom: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: false,
    info: true,
  });
}

/** Reads only the header record (for the upload check, before any job starts). */
export async function readHeader(text: string): Promise<string[] | null> {
  const firstChunk = text.slice(0, 64 * 1024);
  for await (const rec of Readable.from([firstChunk]).pipe(parser())) {
    return (rec as { record: string[] }).record;
  }
  return null;
}

/** Streams the data records of the text (after the header), with the parser's progress. */
export async function* readRecords(text: string, chunkSize = 256 * 1024): AsyncGenerator<CsvRecord | { header: string[] }> {
  const total = text.length || 1;
  const chunks = function* () {
    for (let i = 0; i < text.length; i += chunkSize) yield text.slice(i, i + chunkSize);
  };
  let index = 0;
  for await (const rec of Readable.from(chunks()).pipe(parser())) {
    const { record, info } = rec as { record: string[]; info: { bytes: number } };
    if (index === 0) yield { header: record };
    else yield { row: index + 1, fields: record, fraction: Math.min(1, info.bytes / total) };
    index++;
  }
}
