import type { PersonaImportResponse } from '@shared/contracts/personas.contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/personas/import-csv, multipart part `file` → 202 with the queued import. Refused before any
 * job with 422 (not a CSV, empty, no nombre,contacto header) or 413 (over 10 MB).
 */
export function importCsv(file: File): Promise<PersonaImportResponse> {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiRequest<PersonaImportResponse>('/api/personas/import-csv', { method: 'POST', body });
}
