import { apiDownload } from '../../../lib/api-client';
import { exportPath, type ExportFormat } from '../../../lib/download';

/** GET /api/eventos-externos/{id}/registrations/export (CSV) or …/export.xlsx (Excel) → the server's file, with its name. */
export function exportRegistrations(eventId: number, format: ExportFormat): Promise<{ blob: Blob; filename: string | null }> {
  return apiDownload(exportPath(`/api/eventos-externos/${eventId}/registrations/export`, format));
}
