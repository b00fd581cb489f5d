import { apiDownload } from '../../../lib/api-client';

/** GET /api/eventos-externos/{id}/registrations/export → the CSV made by the server, with its file name. */
export function exportRegistrations(eventId: number): Promise<{ blob: Blob; filename: string | null }> {
  return apiDownload(`/api/eventos-externos/${eventId}/registrations/export`);
}
