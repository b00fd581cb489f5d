/**
 * A waitlist beside a registrations board, written once for external events and programs: loaded with
 * the board, then moved by the area's entry pushes (each carries the entry's new state); reloaded after a reconnect.
 * Only active entries (waiting, offered) are kept, in line order (by confirmation time, then id; a pending join is never
 * pushed nor listed).
 */
import { proxy } from 'valtio';
import { ACTIVE_WAITLIST_STATUSES, type WaitlistStatus } from '@shared/contracts/waitlist.contract';
import { createLatest, loadLatest } from './loader';
import { removeById } from './list';

export interface WaitlistStoreEntry {
  id: number;
  status: WaitlistStatus;
  /** Until when a place is held for them (status 'offered'). */
  offered_until: string | null;
  confirmed_at: string | null;
  updated_at: string;
}

export interface WaitlistStore<E extends WaitlistStoreEntry> {
  state: { ownerId: number | null; entries: E[]; loaded: boolean };
  reset(ownerId: number | null): void;
  load(ownerId: number): Promise<void>;
  /** A pushed entry: kept (in line order) while active, dropped once accepted, expired or removed. */
  apply(ownerId: number, entry: E): void;
  /** This screen removed the entry (its push follows and changes nothing). */
  drop(ownerId: number, entryId: number): void;
  /** Removes the entry on the server (a place held for them goes to the next), then here; resolves with the server's message. */
  remove(ownerId: number, entryId: number): Promise<{ message?: string }>;
}

/** The line's order: by confirmation, then by id (as the server lists it). */
const inLine = (a: WaitlistStoreEntry, b: WaitlistStoreEntry) => (a.confirmed_at ?? '').localeCompare(b.confirmed_at ?? '') || a.id - b.id;

/** The store over the area's endpoints: its list (`fetch`) and its removal (`remove`). */
export function createWaitlistStore<E extends WaitlistStoreEntry>(
  fetch: (ownerId: number) => Promise<{ entries: E[] }>,
  remove: (ownerId: number, entryId: number) => Promise<{ message?: string }>,
): WaitlistStore<E> {
  const state = proxy<{ ownerId: number | null; entries: E[]; loaded: boolean }>({ ownerId: null, entries: [], loaded: false });
  const latest = createLatest();
  const drop = (ownerId: number, entryId: number) => {
    if (state.ownerId === ownerId) removeById(state.entries, entryId);
  };
  return {
    state,
    reset(ownerId) {
      latest.invalidate();
      state.ownerId = ownerId;
      state.entries = [];
      state.loaded = false;
    },
    load(ownerId) {
      return loadLatest(latest, () => fetch(ownerId), {
        data({ entries }) {
          if (state.ownerId !== ownerId) return;
          state.entries = entries;
          state.loaded = true;
        },
      });
    },
    apply(ownerId, entry) {
      if (state.ownerId !== ownerId) return;
      const list = state.entries;
      if (!ACTIVE_WAITLIST_STATUSES.includes(entry.status)) {
        removeById(list, entry.id);
        return;
      }
      const index = list.findIndex((e) => e.id === entry.id);
      // A push older than what is shown (updated_at) does not win.
      if (index >= 0) {
        if (new Date(list[index].updated_at) > new Date(entry.updated_at)) return;
        list[index] = entry;
        return;
      }
      list.push(entry);
      list.sort(inLine);
    },
    drop,
    async remove(ownerId, entryId) {
      const response = await remove(ownerId, entryId);
      drop(ownerId, entryId);
      return response;
    },
  };
}
