import type { Response } from 'express';

/**
 * A CSV file sent as a download: UTF-8, an attachment with its name, never stored by a browser or a proxy
 * (every export holds personal data). The body is already safe to open in a spreadsheet (shared/rules/csv.ts).
 */
export function sendCsv(res: Response, file: { filename: string; body: string | Buffer }): void {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.send(file.body);
}
