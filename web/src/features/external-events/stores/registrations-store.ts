/**
 * One event's registrations board (spec 1 §2.7). The old screen polled every 3 s; this one loads once,
 * then applies the pushes of room 'external-event:{id}' and reloads only after a reconnect.
 */
import { proxy } from 'valtio';
import type { EventCounts, ExternalEventResponse, ExternalRegistrationResponse } from '@shared/contracts/external-events.contract';
import { applyCountsToEvents, createVersionGate } from '../../../lib/live';
import { createLatest, loadLatest } from '../../../lib/loader';
import { getEventRegistrations } from '../api/get-event-registrations';
import { removeById, upsertManyById } from '../../../lib/list';

export const registrationsState = proxy<{
  eventId: number | null;
  event: ExternalEventResponse | null;
  registrations: ExternalRegistrationResponse[];
  loaded: boolean;
}>({ eventId: null, event: null, registrations: [], loaded: false });

let versions = createVersionGate();
const latest = createLatest();

/** Newest registration first, id as the tie-breaker. */
function newestFirst(a: ExternalRegistrationResponse, b: ExternalRegistrationResponse): number {
  const diff = new Date(b.created_at).getTime() - new Date(a.created_at).getTime();
  return diff !== 0 ? diff : b.id - a.id;
}

/** Starts a board for `eventId` (clears what another board left). */
export function resetRegistrations(eventId: number): void {
  latest.invalidate();
  versions = createVersionGate();
  registrationsState.eventId = eventId;
  registrationsState.event = null;
  registrationsState.registrations = [];
  registrationsState.loaded = false;
}

/**
 * GET the event and its registrations. Throws on failure (the first load alerts and leaves; a resync
 * after a reconnect fails silently). A stale answer (another board, or a newer request) is dropped.
 */
export function loadRegistrations(eventId: number): Promise<void> {
  return loadLatest(latest, () => getEventRegistrations(eventId), {
    data({ event, registrations }) {
      if (registrationsState.eventId !== eventId) return;
      registrationsState.event = event;
      registrationsState.registrations = [...registrations].sort(newestFirst);
      registrationsState.loaded = true;
    },
  });
}

function isThisBoard(eventId: number): boolean {
  return registrationsState.eventId === eventId;
}

/** Adds or replaces a registration (pushes and the answers of confirm / unconfirm). */
export function upsertRegistration(eventId: number, registration: ExternalRegistrationResponse): void {
  upsertRegistrations(eventId, [registration]);
}

/** Adds or replaces several registrations at once (a combined push), sorting once. */
export function upsertRegistrations(eventId: number, incoming: readonly ExternalRegistrationResponse[]): void {
  if (!isThisBoard(eventId) || incoming.length === 0) return;
  upsertManyById(registrationsState.registrations, incoming, newestFirst);
}

export function removeRegistration(eventId: number, id: number): void {
  if (!isThisBoard(eventId)) return;
  removeById(registrationsState.registrations, id);
}

export function replaceBoardEvent(event: ExternalEventResponse): void {
  if (!isThisBoard(event.id)) return;
  registrationsState.event = event;
}

/** event.counts for this board's event, newer versions only. */
export function applyBoardCounts(counts: ReadonlyArray<EventCounts & { version: string }>): void {
  const event = registrationsState.event;
  if (event) applyCountsToEvents([event], counts, versions);
}
