import { apiDownload } from '../../../lib/api-client';
import { exportPath, type ExportFormat } from '../../../lib/download';

/** GET /api/programas-servicios/{id}/registrations/export (CSV) or …/export.xlsx (Excel) → the server's file, with its name. */
export function exportProgramRegistrations(programaId: number, format: ExportFormat): Promise<{ blob: Blob; filename: string | null }> {
  return apiDownload(exportPath(`/api/programas-servicios/${programaId}/registrations/export`, format));
}
