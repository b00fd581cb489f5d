/**
 * One public event page (spec 1 §2.9). Places left follow `event.counts` of room 'public:evento:{id}';
 * a change of status (cancelled, completed, unpublished) reloads the page's flags from the server.
 */
import { proxy } from 'valtio';
import type { EventCounts, PublicEventPageResponse } from '@shared/contracts/external-events.contract';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { createVersionGate } from '../../../lib/live';
import { getPublicEvent } from '../api/get-public-event';

export type PublicEventStatus = 'loading' | 'ready' | 'not-found' | 'error';

export const publicEventState = proxy<{
  slug: string | null;
  status: PublicEventStatus;
  page: PublicEventPageResponse | null;
  error: string | null;
}>({ slug: null, status: 'loading', page: null, error: null });

let versions = createVersionGate();
let requestSeq = 0;

export function resetPublicEvent(slug: string): void {
  requestSeq++;
  versions = createVersionGate();
  publicEventState.slug = slug;
  publicEventState.status = 'loading';
  publicEventState.page = null;
  publicEventState.error = null;
}

/** Loads the page; `silent` (resync, status change) keeps what is shown when the call fails for other reasons than 404. */
export async function loadPublicEvent(slug: string, options: { silent?: boolean } = {}): Promise<void> {
  const seq = ++requestSeq;
  try {
    const page = await getPublicEvent(slug);
    if (seq !== requestSeq || publicEventState.slug !== slug) return;
    publicEventState.page = page;
    publicEventState.status = 'ready';
    publicEventState.error = null;
  } catch (error) {
    if (seq !== requestSeq || publicEventState.slug !== slug) return;
    if (error instanceof ApiError && error.status === 404) {
      publicEventState.status = 'not-found';
      publicEventState.page = null;
      return;
    }
    if (options.silent && publicEventState.page) return;
    publicEventState.status = 'error';
    publicEventState.error = errorMessage(error, 'No se pudo cargar el evento. Por favor intenta nuevamente.');
  }
}

/**
 * Applies counts for this page's event (newer versions only). Answers true when the event's status
 * changed: the caller reloads, because the server decides the flags (and who may still see a draft).
 */
export function applyPageCounts(counts: ReadonlyArray<EventCounts & { version: string }>): boolean {
  const event = publicEventState.page?.event;
  if (!event) return false;
  let statusChanged = false;
  for (const c of counts) {
    if (c.id !== event.id || !versions.accept(c.id, c.version)) continue;
    event.current_attendees = c.current_attendees;
    event.max_attendees = c.max_attendees;
    event.is_featured = c.is_featured;
    if (c.status !== event.status) statusChanged = true;
  }
  return statusChanged;
}
