/**
 * The public landing (spec 1 §2.8): GET /api/public/eventos, refetched when room 'public:eventos'
 * says the list changed; places move live with `event.counts`.
 */
import { proxy } from 'valtio';
import type { EventCounts, PublicExternalEvent } from '@shared/contracts/external-events.contract';
import { applyCountsToEvents, createVersionGate } from '../../../lib/live';
import { type LoadState, createListLoader, notLoaded, sortedInto } from '../../../lib/loader';
import { getPublicEvents } from '../api/get-public-events';

export const publicEventsState = proxy<{ events: PublicExternalEvent[] } & LoadState>({ events: [], ...notLoaded() });

const versions = createVersionGate();

/** Soonest first (the order is not fixed by the spec). */
function bySoonest(a: PublicExternalEvent, b: PublicExternalEvent): number {
  const diff = new Date(a.event_date).getTime() - new Date(b.event_date).getTime();
  return diff !== 0 ? diff : a.id - b.id;
}

export const loadPublicEvents = createListLoader(
  publicEventsState,
  getPublicEvents,
  sortedInto(publicEventsState, 'events', bySoonest),
  'No se pudieron cargar los eventos. Por favor intenta nuevamente.',
);

/** Counts only (the public room never carries anything else); newer versions only. */
export function applyPublicCounts(counts: ReadonlyArray<EventCounts & { version: string }>): void {
  applyCountsToEvents(publicEventsState.events, counts, versions);
}
