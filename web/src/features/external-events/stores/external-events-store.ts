/**
 * The administration table (spec 1 §2.6): loaded from GET /api/eventos-externos, kept current by the
 * pushes of room 'external-events' (created / updated / deleted, and counts).
 */
import { proxy } from 'valtio';
import type { EventCounts, ExternalEventResponse } from '@shared/contracts/external-events.contract';
import { type LoadState, createListLoader, notLoaded, sortedInto } from '../../../lib/loader';
import { applyCountsToEvents, createVersionGate } from '../../../lib/live';
import { getExternalEvents } from '../api/get-external-events';
import { removeById, upsertById } from '../../../lib/list';

export const externalEventsState = proxy<{ events: ExternalEventResponse[] } & LoadState>({ events: [], ...notLoaded() });

const versions = createVersionGate();

/** Newest event date first (the server's order), id as the tie-breaker. */
function byEventDateDesc(a: ExternalEventResponse, b: ExternalEventResponse): number {
  const diff = new Date(b.event_date).getTime() - new Date(a.event_date).getTime();
  return diff !== 0 ? diff : b.id - a.id;
}

/** Only one event is featured: turning one on clears the flag on the others (spec 1 §4). */
function keepOneFeatured(featuredId: number): void {
  for (const event of externalEventsState.events) {
    if (event.id !== featuredId && event.is_featured) event.is_featured = false;
  }
}

/** Loads the list; `silent` keeps the table on screen (resync after a reconnect). */
export const loadExternalEvents = createListLoader(
  externalEventsState,
  getExternalEvents,
  sortedInto(externalEventsState, 'events', byEventDateDesc),
  'Error al cargar los eventos',
);

/** Adds or replaces one event (answers and external-event.created / updated pushes). */
export function upsertExternalEvent(event: ExternalEventResponse): void {
  upsertById(externalEventsState.events, event);
  externalEventsState.events.sort(byEventDateDesc);
  if (event.is_featured) keepOneFeatured(event.id);
}

export function patchExternalEvent(id: number, patch: Partial<ExternalEventResponse>): void {
  const event = externalEventsState.events.find((e) => e.id === id);
  if (!event) return;
  Object.assign(event, patch);
  if (patch.is_featured) keepOneFeatured(id);
}

export function removeExternalEvent(id: number): void {
  removeById(externalEventsState.events, id);
}

/** event.counts: registrations, capacity, status and the featured flag, newer versions only. */
export function applyEventCounts(counts: ReadonlyArray<EventCounts & { version: string }>): void {
  applyCountsToEvents(externalEventsState.events, counts, versions);
}
