/**
 * The spaces list (spec 3 §2.8): loaded from GET /api/espacios, kept current by the espacio.changed
 * pushes of room 'espacios' (a newer version replaces, an older one is ignored).
 */
import { proxy } from 'valtio';
import type { EspacioResponse } from '@shared/contracts/spaces.contract';
import { type LoadState, createListLoader, notLoaded, sortedInto } from '../../../lib/loader';
import { getEspacios } from '../api/get-espacios';

export const espaciosState = proxy<{ espacios: EspacioResponse[] } & LoadState>({ espacios: [], ...notLoaded() });

/** Newest first, as the server lists them. */
const byIdDesc = (a: EspacioResponse, b: EspacioResponse) => b.id - a.id;

/** Loads the list; `silent` keeps it on screen (resync after a reconnect). */
export const loadEspacios = createListLoader(
  espaciosState,
  getEspacios,
  sortedInto(espaciosState, 'espacios', byIdDesc),
  'Error al cargar los espacios',
);

/** Adds or replaces a space (answers and pushes); an older version than the one shown is ignored. */
export function upsertEspacio(espacio: EspacioResponse): void {
  const list = espaciosState.espacios;
  const index = list.findIndex((e) => e.id === espacio.id);
  if (index >= 0) {
    if (BigInt(list[index].version) > BigInt(espacio.version)) return;
    list[index] = espacio;
  } else {
    list.push(espacio);
    list.sort(byIdDesc);
  }
}

export function resetEspacios(): void {
  loadEspacios.invalidate();
  espaciosState.espacios = [];
  espaciosState.loading = false;
  espaciosState.loaded = false;
  espaciosState.error = null;
}
