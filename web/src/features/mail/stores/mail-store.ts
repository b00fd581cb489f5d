/**
 * The 'Correos' list: one page from GET /api/correos for the current filters, kept current by the pushes
 * of the correos:* rooms (correo.updated: a status changed, or a new message was taken by the workers).
 */
import { proxy } from 'valtio';
import type { CorreoRefOption, CorreoResponse } from '@shared/contracts/mail.contract';
import { createPageLoader } from '../../../lib/loader';
import type { CorreosQuery } from '../api/correos-api';

export const correosState = proxy<{
  query: CorreosQuery;
  correos: CorreoResponse[];
  total: number;
  pageSize: number;
  refs: CorreoRefOption[];
  loading: boolean;
  loaded: boolean;
  error: string | null;
}>({
  query: { status: '', ref: null, page: 1 },
  correos: [],
  total: 0,
  pageSize: 25,
  refs: [],
  loading: false,
  loaded: false,
  error: null,
});

/** Loads the page of the current query (the page sets it from the address bar); `silent` keeps the table on screen (a resync). */
export const loadCorreos = createPageLoader(
  correosState,
  'correos',
  (query): CorreosQuery => ({ ...query, ref: query.ref ? { ...query.ref } : null }),
  'No se pudieron cargar los correos',
);

function matches(c: CorreoResponse, q: CorreosQuery): boolean {
  if (q.status && c.status !== q.status) return false;
  if (q.ref && (c.ref_type !== q.ref.type || c.ref_id !== q.ref.id)) return false;
  return true;
}

/**
 * correo.updated: a row on screen takes its new state (older pushes are ignored by updated_at); a new message
 * matching the filters goes on top of the first page. A row that no longer matches a status filter stays
 * until the next load, so it does not vanish under the pointer.
 */
export function applyCorreo(correo: CorreoResponse): void {
  const rows = correosState.correos;
  const i = rows.findIndex((c) => c.id === correo.id);
  if (i >= 0) {
    if (new Date(rows[i].updated_at).getTime() <= new Date(correo.updated_at).getTime()) rows[i] = correo;
    return;
  }
  const q = correosState.query;
  if (q.page !== 1 || !matches(correo, q)) return;
  const newest = rows.length ? rows[0].id : 0;
  if (correo.id <= newest) return;
  rows.unshift(correo);
  correosState.total += 1;
  if (rows.length > correosState.pageSize) rows.pop();
}
