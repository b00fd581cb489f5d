/**
 * One event's waitlist beside its registrations board (issue 22 §4): loaded with the board, then moved by the
 * `waitlist.entry` pushes of room 'external-event:{id}' (each carries the entry's new state); reloaded after a
 * reconnect. Only active entries (waiting, offered) are shown, in line order (by id).
 */
import { proxy } from 'valtio';
import type { WaitlistEntryResponse } from '@shared/contracts/external-events.contract';
import { createLatest, loadLatest } from '../../../lib/loader';
import { removeById } from '../../../lib/list';
import { getWaitlist } from '../api/waitlist';

export const waitlistState = proxy<{ eventId: number | null; entries: WaitlistEntryResponse[]; loaded: boolean }>({
  eventId: null,
  entries: [],
  loaded: false,
});

const latest = createLatest();

export function resetWaitlist(eventId: number): void {
  latest.invalidate();
  waitlistState.eventId = eventId;
  waitlistState.entries = [];
  waitlistState.loaded = false;
}

export function loadWaitlist(eventId: number): Promise<void> {
  return loadLatest(latest, () => getWaitlist(eventId), {
    data({ entries }) {
      if (waitlistState.eventId !== eventId) return;
      waitlistState.entries = entries;
      waitlistState.loaded = true;
    },
  });
}

const ACTIVE = new Set(['waiting', 'offered']);

/** A pushed entry: kept (in line order) while active, dropped once accepted, expired or removed. */
export function applyWaitlistEntry(eventId: number, entry: WaitlistEntryResponse): void {
  if (waitlistState.eventId !== eventId) return;
  const list = waitlistState.entries;
  const index = list.findIndex((e) => e.id === entry.id);
  if (!ACTIVE.has(entry.status)) {
    removeById(list, entry.id);
    return;
  }
  // A push older than what is shown (updated_at) does not win.
  if (index >= 0) {
    if (new Date(list[index].updated_at) > new Date(entry.updated_at)) return;
    list[index] = entry;
    return;
  }
  list.push(entry);
  list.sort((a, b) => a.id - b.id);
}
