import { apiDownload } from '../../../lib/api-client';

/** GET /api/personas/import-csv/{import_id}/errors → the rows that could not be imported, as CSV. */
export function downloadImportErrors(importId: string): Promise<{ blob: Blob; filename: string | null }> {
  return apiDownload(`/api/personas/import-csv/${encodeURIComponent(importId)}/errors`);
}
