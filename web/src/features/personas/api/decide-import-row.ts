import type { ImportDuplicateRow } from '@shared/contracts/personas.contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/personas/import-csv/{id}/duplicados/{fila}/{crear|descartar} → the row, decided. */
export function decideImportRow(
  importId: string,
  fila: number,
  accion: 'crear' | 'descartar',
): Promise<{ fila: ImportDuplicateRow; message?: string }> {
  return apiRequest<{ fila: ImportDuplicateRow; message?: string }>(
    `/api/personas/import-csv/${encodeURIComponent(importId)}/duplicados/${fila}/${accion}`,
    { method: 'POST' },
  );
}
