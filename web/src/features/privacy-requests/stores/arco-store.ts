/**
 * The queue 'Solicitudes ARCO': one page from GET /api/privacidad/solicitudes for the status filter, kept current by
 * the pushes of the room privacidad (arco.updated: a request entered the queue or was resolved).
 */
import { proxy } from 'valtio';
import type { ArcoQueueStatus, ArcoRequestResponse } from '@shared/contracts/privacy.contract';
import { createPageLoader } from '../../../lib/loader';

export type ArcoQuery = { status: ArcoQueueStatus | ''; page: number };

export const arcoState = proxy<{
  query: ArcoQuery;
  solicitudes: ArcoRequestResponse[];
  total: number;
  pageSize: number;
  loading: boolean;
  loaded: boolean;
  error: string | null;
}>({ query: { status: 'pendiente', page: 1 }, solicitudes: [], total: 0, pageSize: 20, loading: false, loaded: false, error: null });

/** Loads the page of the current query; `silent` keeps the table on screen (a resync). */
export const loadArcoRequests = createPageLoader(
  arcoState,
  'solicitudes',
  (query) => ({ ...query }),
  'No se pudieron cargar las solicitudes',
);

/**
 * arco.updated: a request on screen takes its new state; a newly confirmed one matching the filter joins the first
 * page (the queue's order — the closest due date first — comes back with the next load).
 */
export function applyArcoRequest(solicitud: ArcoRequestResponse): void {
  const rows = arcoState.solicitudes;
  const i = rows.findIndex((r) => r.id === solicitud.id);
  if (i >= 0) {
    rows[i] = solicitud;
    return;
  }
  const q = arcoState.query;
  if (q.page !== 1 || (q.status && q.status !== solicitud.status)) return;
  rows.push(solicitud);
  arcoState.total += 1;
}
