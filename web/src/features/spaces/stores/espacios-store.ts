/**
 * The spaces list (spec 3 §2.8): loaded from GET /api/espacios, kept current by the espacio.changed
 * pushes of room 'espacios' (a newer version replaces, an older one is ignored).
 */
import { proxy } from 'valtio';
import type { EspacioResponse } from '@shared/contracts/spaces.contract';
import { getEspacios } from '../api/get-espacios';

export const espaciosState = proxy<{
  espacios: EspacioResponse[];
  loading: boolean;
  loaded: boolean;
  error: string | null;
}>({ espacios: [], loading: false, loaded: false, error: null });

let requestSeq = 0;

/** Newest first, as the server lists them. */
const byIdDesc = (a: EspacioResponse, b: EspacioResponse) => b.id - a.id;

/** Loads the list; `silent` keeps it on screen (resync after a reconnect). */
export async function loadEspacios(options: { silent?: boolean } = {}): Promise<void> {
  const seq = ++requestSeq;
  if (!options.silent) espaciosState.loading = true;
  try {
    const { espacios } = await getEspacios();
    if (seq !== requestSeq) return;
    espaciosState.espacios = [...espacios].sort(byIdDesc);
    espaciosState.error = null;
    espaciosState.loaded = true;
  } catch {
    if (seq !== requestSeq) return;
    if (!options.silent) espaciosState.error = 'Error al cargar los espacios';
  } finally {
    if (seq === requestSeq) espaciosState.loading = false;
  }
}

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
  requestSeq++;
  espaciosState.espacios = [];
  espaciosState.loading = false;
  espaciosState.loaded = false;
  espaciosState.error = null;
}
