import { apiDownload } from '../../../lib/api-client';

/** GET /api/programas-servicios/{id}/registrations/export → the CSV made by the server, with its file name. */
export function exportProgramRegistrations(programaId: number): Promise<{ blob: Blob; filename: string | null }> {
  return apiDownload(`/api/programas-servicios/${programaId}/registrations/export`);
}
