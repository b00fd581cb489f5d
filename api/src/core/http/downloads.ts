import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { fileAnswer } from './openapi-answers';

/** A file made by a service: its name, its bytes and what they are. */
export interface DownloadFile {
  filename: string;
  body: string | Buffer;
  contentType: string;
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** The two formats of every staff export (core/format/spreadsheet.ts writes both from one table). */
export type ExportFormat = 'csv' | 'xlsx';
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = { csv: CSV_CONTENT_TYPE, xlsx: XLSX_CONTENT_TYPE };

/**
 * An export sent as a download: an attachment with its name, never stored by a browser or a proxy (every export
 * holds personal data). A CSV body is already safe to open in a spreadsheet (shared/rules/csv.ts), and so are an
 * Excel file's text cells.
 */
export function sendAttachment(res: Response, file: DownloadFile): void {
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.send(file.body);
}

/** The answer of an export route: a file of the format's type. */
export const exportAnswer = (format: ExportFormat, what: string) =>
  fileAnswer(
    format === 'csv'
      ? `${what} en CSV (UTF-8 con BOM, CRLF).`
      : `${what} en Excel (.xlsx): fechas y números con su tipo, la fila de encabezados fija, el texto nunca como fórmula.`,
    EXPORT_CONTENT_TYPES[format].split(';')[0],
  );

/**
 * An iCalendar file (public data only, so cacheable): a strong ETag of the body, and 304 when the client already
 * has it (calendar apps poll a subscribed feed; the API's JSON carries no ETag, docs/decisions/plataforma.md).
 * `attachment`: a file to save (one event) rather than a feed to subscribe to.
 */
export function sendCalendar(req: Request, res: Response, file: DownloadFile & { attachment: boolean; maxAgeSeconds: number }): void {
  const etag = `"${createHash('sha256').update(file.body).digest('base64url').slice(0, 27)}"`;
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', `public, max-age=${file.maxAgeSeconds}`);
  // Public data: another site may read it from a browser (helmet's same-origin resource policy is for the app's own).
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  const known = (req.headers['if-none-match'] ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (known.includes(etag) || known.includes('*')) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Disposition', `${file.attachment ? 'attachment' : 'inline'}; filename="${file.filename}"`);
  res.send(file.body);
}
