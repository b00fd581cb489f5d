/**
 * The programs table (spec 3 §2.6): loaded from GET /api/programas-servicios, kept current by the
 * pushes of room 'programs' (created / updated / deleted / featured, and counts).
 */
import { proxy } from 'valtio';
import type { ProgramaResponse, ProgramCounts } from '@shared/contracts/programs.contract';
import { createVersionGate } from '../../../lib/live';
import { createLatest, loadOrThrow, sortedInto } from '../../../lib/loader';
import { removeById, upsertById } from '../../../lib/list';

export const programsState = proxy<{
  programas: ProgramaResponse[];
  loading: boolean;
  loaded: boolean;
  error: string | null;
}>({ programas: [], loading: false, loaded: false, error: null });

const versions = createVersionGate();
const latest = createLatest();

/** Newest first (the server's order). */
function byCreatedDesc(a: ProgramaResponse, b: ProgramaResponse): number {
  const diff = new Date(b.created_at).getTime() - new Date(a.created_at).getTime();
  return diff !== 0 ? diff : b.id - a.id;
}

/** One featured program at most: turning one on clears the others (spec 3 §4). */
function keepOneFeatured(featuredId: number): void {
  for (const p of programsState.programas) if (p.id !== featuredId && p.es_destacado) p.es_destacado = false;
}

/** Loads the list; `silent` keeps the table on screen (resync after a reconnect). Throws on failure. */
export function loadProgramas(fetcher: () => Promise<{ programas: ProgramaResponse[] }>, options: { silent?: boolean } = {}) {
  return loadOrThrow(
    latest,
    programsState,
    fetcher,
    sortedInto(programsState, 'programas', byCreatedDesc),
    'No se pudieron cargar los programas',
    options,
  );
}

export function upsertPrograma(programa: ProgramaResponse): void {
  upsertById(programsState.programas, programa);
  programsState.programas.sort(byCreatedDesc);
  if (programa.es_destacado) keepOneFeatured(programa.id);
}

export function removePrograma(id: number): void {
  removeById(programsState.programas, id);
}

/** program.featured: `id` is (or is no longer) featured; the other affected ids lost the flag. */
export function applyFeatured(id: number, esDestacado: boolean, affectedIds: readonly number[]): void {
  for (const p of programsState.programas) {
    if (p.id === id) p.es_destacado = esDestacado;
    else if (affectedIds.includes(p.id)) p.es_destacado = false;
  }
}

/** program.counts: participants, capacity and status, newer versions only. */
export function applyProgramCounts(counts: ProgramCounts): void {
  const p = programsState.programas.find((x) => x.id === counts.id);
  if (!p || !versions.accept(counts.id, counts.version)) return;
  p.participantes_actuales = counts.participantes_actuales;
  p.held_places = counts.held_places;
  p.waitlist_count = counts.waitlist_count;
  p.max_participantes = counts.max_participantes;
  p.status = counts.status;
}
