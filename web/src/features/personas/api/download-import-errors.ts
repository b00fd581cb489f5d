import { apiDownload } from '../../../lib/api-client';
import { exportPath, type ExportFormat } from '../../../lib/download';

/** GET /api/personas/import-csv/{import_id}/errors (CSV) or …/errors.xlsx (Excel) → the rows that could not be imported. */
export function downloadImportErrors(importId: string, format: ExportFormat): Promise<{ blob: Blob; filename: string | null }> {
  return apiDownload(exportPath(`/api/personas/import-csv/${encodeURIComponent(importId)}/errors`, format));
}
