import type { InternalEventResponse } from '@shared/contracts/internal-events.contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/eventos-internos?estado&tipo → { eventos } ('todos' sends no filter). */
export function getInternalEvents(filters: { estado: string; tipo: string }): Promise<{ eventos: InternalEventResponse[] }> {
  const q = new URLSearchParams();
  if (filters.estado !== 'todos') q.set('estado', filters.estado);
  if (filters.tipo !== 'todos') q.set('tipo', filters.tipo);
  const qs = q.toString();
  return apiRequest(`/api/eventos-internos${qs ? `?${qs}` : ''}`);
}
