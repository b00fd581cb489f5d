/** The internal events list (spec 2 §2 /eventos-internos): loaded per filter, kept live by the list room. */
import { proxy } from 'valtio';
import type { InternalEventResponse, VersionedInternalCounts } from '@shared/contracts/internal-events.contract';
import { applyAttendeeCounts, createVersionGate } from '../../../lib/live';
import { createListLoader } from '../../../lib/loader';
import { getInternalEvents } from '../api/get-internal-events';
import { removeById } from '../../../lib/list';

export const internalEventsState = proxy<{
  eventos: InternalEventResponse[];
  filters: { estado: string; tipo: string };
  loading: boolean;
  loaded: boolean;
  error: string | null;
}>({ eventos: [], filters: { estado: 'todos', tipo: 'todos' }, loading: false, loaded: false, error: null });

const versions = createVersionGate();

function matchesFilters(e: InternalEventResponse): boolean {
  const { estado, tipo } = internalEventsState.filters;
  return (estado === 'todos' || e.estado === estado) && (tipo === 'todos' || e.tipo === tipo);
}

/** Fetches the list for the current filters (the server applies them); false when it failed (the error is in `error`). */
export const loadInternalEvents = createListLoader(
  internalEventsState,
  () => getInternalEvents(internalEventsState.filters),
  ({ eventos }) => {
    internalEventsState.eventos = eventos;
  },
  'Error al cargar los eventos internos',
);

export function setFilter(key: 'estado' | 'tipo', value: string): void {
  internalEventsState.filters[key] = value;
  void loadInternalEvents();
}

export function upsertInternalEvent(e: InternalEventResponse): void {
  const list = internalEventsState.eventos;
  const i = list.findIndex((x) => x.id === e.id);
  if (!matchesFilters(e)) {
    if (i >= 0) list.splice(i, 1);
    return;
  }
  if (i >= 0) list[i] = e;
  else {
    list.push(e);
    list.sort((a, b) => new Date(b.fecha_evento).getTime() - new Date(a.fecha_evento).getTime() || b.id - a.id);
  }
}

export function removeInternalEvent(id: number): void {
  removeById(internalEventsState.eventos, id);
}

/** A row's attendee counters (and version), newer versions only: the same applier as the event's own screen. */
export function applyListCounts(c: VersionedInternalCounts): void {
  applyAttendeeCounts(internalEventsState.eventos.find((x) => x.id === c.evento_id) ?? null, c, versions);
}
