/**
 * "Latest request wins", written once: a screen's loads may overlap (a filter change, a push asking for
 * a refetch, a resync after a reconnect), and only the answer of the newest one may reach the store.
 */
import { errorMessage } from './api-client';

export interface Latest {
  /** Starts a request: the returned function tells whether it is still the newest one. */
  begin(): () => boolean;
  /** Makes every request in flight stale (e.g. the screen switched to another record). */
  invalidate(): void;
}

export function createLatest(): Latest {
  let seq = 0;
  return {
    begin() {
      const mine = ++seq;
      return () => mine === seq;
    },
    invalidate() {
      seq++;
    },
  };
}

/**
 * Runs `fetch` and hands its answer (or error) to the handlers only while it is the newest request;
 * without an `error` handler the newest request's failure is thrown. A stale answer or failure is dropped.
 */
export async function loadLatest<T>(
  latest: Latest,
  fetch: () => Promise<T>,
  handlers: { data(value: T): void; error?(error: unknown): void; settled?(): void },
): Promise<void> {
  const current = latest.begin();
  try {
    const value = await fetch();
    if (current()) handlers.data(value);
  } catch (error) {
    if (!current()) return;
    if (!handlers.error) throw error;
    handlers.error(error);
  } finally {
    if (current()) handlers.settled?.();
  }
}

/** The usual shape of a screen's list: loading flag, loaded once, the error shown. */
export interface LoadState {
  loading: boolean;
  loaded: boolean;
  error: string | null;
}

/** A LoadState before the first load. */
export function notLoaded(): LoadState {
  return { loading: false, loaded: false, error: null };
}

/** A list's load: resolves false when it failed (the error is in the state); `invalidate` drops those in flight. */
export interface ListLoader {
  (options?: { silent?: boolean }): Promise<boolean>;
  /** Makes every load in flight stale (the screen was left and its store reset). */
  invalidate(): void;
}

/**
 * A list loader for a store with a LoadState: `silent` (a live refetch, a resync after a reconnect) keeps
 * what is on screen and stays quiet on failure — unless nothing was ever shown, because then that failure
 * is the one the person must hear about.
 */
export function createListLoader<T>(
  state: LoadState,
  fetch: () => Promise<T>,
  apply: (value: T) => void,
  fallbackError: string,
): ListLoader {
  const latest = createLatest();
  const load = (options: { silent?: boolean } = {}) => {
    if (!options.silent) {
      state.loading = true;
      state.error = null;
    }
    let ok = true;
    return loadLatest(latest, fetch, {
      data(value) {
        apply(value);
        state.error = null;
        state.loaded = true;
      },
      error(error) {
        ok = false;
        if (options.silent && state.loaded) return;
        state.error = errorMessage(error, fallbackError);
      },
      settled() {
        state.loading = false;
      },
    }).then(() => ok);
  };
  return Object.assign(load, { invalidate: () => latest.invalidate() });
}

/**
 * One request at a time, shared by everyone who asks while it runs. A `fresh` caller learnt of a change
 * (a push, a room joined, a reconnect): the request in flight may have read before that change, so one
 * more follows it, shared by every fresh caller meanwhile.
 */
export function createSharedRequest<T>(): (run: () => Promise<T>, options?: { fresh?: boolean }) => Promise<T> {
  let inFlight: Promise<T> | null = null;
  let queued: Promise<T> | null = null;
  const share = (run: () => Promise<T>, { fresh = false }: { fresh?: boolean } = {}): Promise<T> => {
    if (inFlight && fresh) {
      queued ??= inFlight
        .catch(() => undefined)
        .then(() => {
          queued = null;
          return share(run);
        });
      return queued;
    }
    inFlight ??= run().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
  return share;
}
