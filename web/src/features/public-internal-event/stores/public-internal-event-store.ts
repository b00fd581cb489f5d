/** The public confirmation page (spec 2 §2 public): the event and its counts, kept live by its public room. */
import { proxy } from 'valtio';
import type { PublicInternalEvent, VersionedInternalCounts } from '@shared/contracts/internal-events.contract';
import { ApiError } from '../../../lib/api-client';
import { applyAttendeeCounts, createVersionGate } from '../../../lib/live';
import { createLatest, loadLatest } from '../../../lib/loader';
import { getPublicInternalEvent } from '../api/get-public-internal-event';

export const publicInternalEventState = proxy<{
  slugOrId: string | null;
  evento: PublicInternalEvent | null;
  status: 'loading' | 'ready' | 'error';
  error: string | null;
}>({ slugOrId: null, evento: null, status: 'loading', error: null });

let versions = createVersionGate();
const latest = createLatest();

export function resetPublicInternalEvent(slugOrId: string): void {
  latest.invalidate();
  versions = createVersionGate();
  publicInternalEventState.slugOrId = slugOrId;
  publicInternalEventState.evento = null;
  publicInternalEventState.status = 'loading';
  publicInternalEventState.error = null;
}

/** Loads the page; a silent reload (push, reconnect) keeps what is shown if it fails. */
export async function loadPublicInternalEvent(slugOrId: string, options: { silent?: boolean } = {}): Promise<void> {
  await loadLatest(latest, () => getPublicInternalEvent(slugOrId), {
    data({ evento }) {
      if (publicInternalEventState.slugOrId !== slugOrId) return;
      versions.accept(evento.id, evento.version);
      publicInternalEventState.evento = evento;
      publicInternalEventState.status = 'ready';
      publicInternalEventState.error = null;
    },
    error(err) {
      const notFound = err instanceof ApiError && err.status === 404;
      if (options.silent && !notFound) return;
      publicInternalEventState.evento = null;
      publicInternalEventState.status = 'error';
      publicInternalEventState.error = notFound
        ? 'Este evento no está disponible o no existe.'
        : 'Error al cargar el evento. Por favor intenta más tarde.';
    },
  });
}

export function applyPublicCounts(c: VersionedInternalCounts): void {
  applyAttendeeCounts(publicInternalEventState.evento, c, versions);
}

/** The version of the counts shown (taken before a confirmation is sent). */
export function shownVersion(): string | null {
  return publicInternalEventState.evento?.version ?? null;
}

/**
 * Spec 2 §4: after a success the confirmed count rises by 1 and the pending count falls by 1 (not below 0) —
 * unless newer counts arrived meanwhile (the push of this very confirmation may come before the answer);
 * a later push always brings the exact figures.
 */
export function countOwnConfirmation(versionBefore: string | null): void {
  const e = publicInternalEventState.evento;
  if (!e || e.version !== versionBefore) return;
  e.asistentes_confirmados_count += 1;
  e.asistentes_pendientes_count = Math.max(0, e.asistentes_pendientes_count - 1);
}
