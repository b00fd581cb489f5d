/** One public program page: loaded by slug, places kept current by room 'public:programa:{id}' (counts only). */
import { proxy } from 'valtio';
import { programPlacesLeft, type ProgramCounts, type PublicPrograma } from '@shared/contracts/programs.contract';
import { ApiError } from '../../../lib/api-client';
import { createVersionGate } from '../../../lib/live';
import { createLatest } from '../../../lib/loader';
import { getPublicPrograma } from '../api/get-public-programa';

export const publicProgramState = proxy<{
  slug: string;
  status: 'loading' | 'ready' | 'not-found';
  programa: PublicPrograma | null;
}>({ slug: '', status: 'loading', programa: null });

const versions = createVersionGate();
const latest = createLatest();

export function resetPublicProgram(slug: string): void {
  latest.invalidate();
  versions.clear();
  publicProgramState.slug = slug;
  publicProgramState.status = 'loading';
  publicProgramState.programa = null;
}

/** Any load failure shows the not-found page (spec 3 §8); `silent` keeps the page while refetching. */
export async function loadPublicProgram(slug: string, options: { silent?: boolean } = {}): Promise<void> {
  const current = latest.begin();
  if (!options.silent) publicProgramState.status = 'loading';
  try {
    const { programa } = await getPublicPrograma(slug);
    if (!current() || publicProgramState.slug !== slug) return;
    publicProgramState.programa = programa;
    publicProgramState.status = 'ready';
  } catch (error) {
    if (!current()) return;
    // A silent refetch that fails for the network keeps the page; a 404 (closed, deleted) does not.
    if (options.silent && !(error instanceof ApiError && error.status === 404)) return;
    publicProgramState.programa = null;
    publicProgramState.status = 'not-found';
  }
}

/** program.counts: newer versions only; a status other than published means the page must reload. */
export function applyPublicCounts(counts: ProgramCounts): 'applied' | 'reload' | 'ignored' {
  const p = publicProgramState.programa;
  if (!p || p.id !== counts.id || !versions.accept(counts.id, counts.version)) return 'ignored';
  if (counts.status !== 'published') return 'reload';
  p.participantes_actuales = counts.participantes_actuales;
  p.held_places = counts.held_places;
  p.waitlist_count = counts.waitlist_count;
  p.max_participantes = counts.max_participantes;
  p.lugares_disponibles = programPlacesLeft(counts);
  return 'applied';
}
