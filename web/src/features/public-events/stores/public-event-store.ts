/**
 * One public event page (spec 1 §2.9). Places left follow `event.counts` of room 'public:evento:{id}';
 * a change of status (cancelled, completed, unpublished) reloads the page's flags from the server.
 */
import { proxy } from 'valtio';
import type { EventCounts, PublicEventPageResponse } from '@shared/contracts/external-events.contract';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { applyCountsToEvents, createVersionGate } from '../../../lib/live';
import { createLatest, loadLatest } from '../../../lib/loader';
import { getPublicEvent } from '../api/get-public-event';

export type PublicEventStatus = 'loading' | 'ready' | 'not-found' | 'error';

export const publicEventState = proxy<{
  slug: string | null;
  status: PublicEventStatus;
  page: PublicEventPageResponse | null;
  error: string | null;
}>({ slug: null, status: 'loading', page: null, error: null });

let versions = createVersionGate();
const latest = createLatest();

export function resetPublicEvent(slug: string): void {
  latest.invalidate();
  versions = createVersionGate();
  publicEventState.slug = slug;
  publicEventState.status = 'loading';
  publicEventState.page = null;
  publicEventState.error = null;
}

/** Loads the page; `silent` (resync, status change) keeps what is shown when the call fails for other reasons than 404. */
export function loadPublicEvent(slug: string, options: { silent?: boolean } = {}): Promise<void> {
  return loadLatest(latest, () => getPublicEvent(slug), {
    data(page) {
      if (publicEventState.slug !== slug) return;
      publicEventState.page = page;
      publicEventState.status = 'ready';
      publicEventState.error = null;
    },
    error(error) {
      if (publicEventState.slug !== slug) return;
      if (error instanceof ApiError && error.status === 404) {
        publicEventState.status = 'not-found';
        publicEventState.page = null;
        return;
      }
      if (options.silent && publicEventState.page) return;
      publicEventState.status = 'error';
      publicEventState.error = errorMessage(error, 'No se pudo cargar el evento. Por favor intenta nuevamente.');
    },
  });
}

/**
 * Applies counts for this page's event (newer versions only). Answers true when the event's status
 * changed: the caller reloads, because the server decides the flags (and who may still see a draft).
 */
export function applyPageCounts(counts: ReadonlyArray<EventCounts & { version: string }>): boolean {
  const event = publicEventState.page?.event;
  if (!event) return false;
  return applyCountsToEvents([event], counts, versions).statusChanged;
}
