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

interface Entry {
  id: number;
  status: WaitlistStatus;
  confirmed_at: string | null;
  updated_at: string;
}

export interface WaitlistStore<E extends Entry> {
  state: { ownerId: number | null; entries: E[]; loaded: boolean };
  reset(ownerId: number | null): void;
  load(ownerId: number): Promise<void>;
  /** A pushed entry: kept (in line order) while active, dropped once accepted, expired or removed. */
  apply(ownerId: number, entry: E): void;
  /** This screen removed the entry (its push follows and changes nothing). */
  drop(ownerId: number, entryId: number): void;
}

/** The line's order: by confirmation, then by id (as the server lists it). */
const inLine = (a: Entry, b: Entry) => (a.confirmed_at ?? '').localeCompare(b.confirmed_at ?? '') || a.id - b.id;

export function createWaitlistStore<E extends Entry>(fetch: (ownerId: number) => Promise<{ entries: E[] }>): WaitlistStore<E> {
  const state = proxy<{ ownerId: number | null; entries: E[]; loaded: boolean }>({ ownerId: null, entries: [], loaded: false });
  const latest = createLatest();
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
    drop(ownerId, entryId) {
      if (state.ownerId === ownerId) removeById(state.entries, entryId);
    },
  };
}
