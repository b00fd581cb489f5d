/**
 * `event.counts` pushes carry a version (a numeric string that grows with every change of that event).
 * Pushes may overlap (several rooms, a resync), so a screen applies counts only when they are newer than
 * the last ones it applied for that event.
 */
import type { EventCounts } from '@shared/contracts/external-events.contract';
import type { AsistentesCounts, VersionedInternalCounts } from '@shared/contracts/internal-events.contract';

export interface VersionGate {
  /** True (and remembered) when `version` is newer than the last accepted one for `id`. */
  accept(id: number, version: string): boolean;
  clear(): void;
}

function parseVersion(version: string): bigint | null {
  try {
    return /^\d+$/.test(version) ? BigInt(version) : null;
  } catch {
    return null;
  }
}

export function createVersionGate(): VersionGate {
  const seen = new Map<number, bigint>();
  return {
    accept(id, version) {
      const next = parseVersion(String(version));
      if (next === null) return false;
      const last = seen.get(id);
      if (last !== undefined && next <= last) return false;
      seen.set(id, next);
      return true;
    },
    clear() {
      seen.clear();
    },
  };
}

type CountedEvent = Pick<
  EventCounts,
  'id' | 'current_attendees' | 'max_attendees' | 'held_places' | 'waitlist_count' | 'status' | 'is_featured'
>;

/**
 * The one live-counts applier: applies `event.counts` to a list of events — or to one event, as a list of
 * one — (newer versions only, through `gate`): places, capacity, status and the featured flag — at most
 * one featured, so turning one on clears the others. Answers whether the status of an event changed.
 */
export function applyCountsToEvents(
  events: CountedEvent[],
  counts: ReadonlyArray<EventCounts & { version: string }>,
  gate: VersionGate,
): { statusChanged: boolean } {
  let statusChanged = false;
  for (const c of counts) {
    const event = events.find((e) => e.id === c.id);
    if (!event || !gate.accept(c.id, c.version)) continue;
    if (event.status !== c.status) statusChanged = true;
    event.current_attendees = c.current_attendees;
    event.max_attendees = c.max_attendees;
    event.held_places = c.held_places;
    event.waitlist_count = c.waitlist_count;
    event.status = c.status;
    event.is_featured = c.is_featured;
    if (c.is_featured) for (const other of events) if (other.id !== c.id && other.is_featured) other.is_featured = false;
  }
  return { statusChanged };
}

/**
 * The internal-event counts applier (the staff detail and the public page): the attendee counters and
 * version of `evento`, when the push is about it and newer (through `gate`).
 */
export function applyAttendeeCounts(
  evento: (AsistentesCounts & { id: number; version: string }) | null,
  c: VersionedInternalCounts,
  gate: VersionGate,
): void {
  if (!evento || evento.id !== c.evento_id || !gate.accept(c.evento_id, c.version)) return;
  evento.asistentes_count = c.asistentes_count;
  evento.asistentes_confirmados_count = c.asistentes_confirmados_count;
  evento.asistentes_pendientes_count = c.asistentes_pendientes_count;
  evento.asistentes_asistieron_count = c.asistentes_asistieron_count;
  evento.version = c.version;
}
