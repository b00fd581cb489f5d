/**
 * The public landing (spec 1 §2.8): GET /api/public/eventos, refetched when room 'public:eventos'
 * says the list changed; places move live with `event.counts`.
 */
import { proxy } from 'valtio';
import type { EventCounts, PublicExternalEvent } from '@shared/contracts/external-events.contract';
import { errorMessage } from '../../../lib/api-client';
import { applyCountsToEvents, createVersionGate } from '../../../lib/live';
import { getPublicEvents } from '../api/get-public-events';

export const publicEventsState = proxy<{
  events: PublicExternalEvent[];
  loading: boolean;
  loaded: boolean;
  error: string | null;
}>({ events: [], loading: false, loaded: false, error: null });

const versions = createVersionGate();
let requestSeq = 0;

/** Soonest first (the order is not fixed by the spec). */
function bySoonest(a: PublicExternalEvent, b: PublicExternalEvent): number {
  const diff = new Date(a.event_date).getTime() - new Date(b.event_date).getTime();
  return diff !== 0 ? diff : a.id - b.id;
}

export async function loadPublicEvents(options: { silent?: boolean } = {}): Promise<void> {
  const seq = ++requestSeq;
  if (!options.silent) {
    publicEventsState.loading = true;
    publicEventsState.error = null;
  }
  try {
    const { events } = await getPublicEvents();
    if (seq !== requestSeq) return;
    publicEventsState.events = [...events].sort(bySoonest);
    publicEventsState.error = null;
    publicEventsState.loaded = true;
  } catch (error) {
    if (seq !== requestSeq) return;
    if (!options.silent || !publicEventsState.loaded) {
      publicEventsState.error = errorMessage(error, 'No se pudieron cargar los eventos. Por favor intenta nuevamente.');
    }
  } finally {
    if (seq === requestSeq) publicEventsState.loading = false;
  }
}

/** Counts only (the public room never carries anything else); newer versions only. */
export function applyPublicCounts(counts: ReadonlyArray<EventCounts & { version: string }>): void {
  applyCountsToEvents(publicEventsState.events, counts, versions);
}
