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

/**
 * A load into a LoadState whose failure is also thrown (its caller acts on it, e.g. closes the screen): the answer is
 * handed to `apply` while it is still the newest (`apply` returns false to refuse it, e.g. another record is open
 * now); `silent` (a resync) keeps what is on screen and the error unset.
 */
export async function loadOrThrow<T>(
  latest: Latest,
  state: LoadState,
  fetch: () => Promise<T>,
  apply: (value: T) => boolean | void,
  fallbackError: string,
  options: { silent?: boolean } = {},
): Promise<void> {
  const current = latest.begin();
  if (!options.silent) state.loading = true;
  try {
    const value = await fetch();
    if (!current() || apply(value) === false) return;
    state.error = null;
    state.loaded = true;
  } catch (error) {
    if (current() && !options.silent) state.error = fallbackError;
    throw error;
  } finally {
    if (current()) state.loading = false;
  }
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

/** A list loader's `apply` for a list kept in one order: the answer's `key` list, sorted, into `state[key]`. */
export function sortedInto<K extends string, I>(state: { [P in K]: I[] }, key: K, compare: (a: I, b: I) => number) {
  return (answer: { [P in K]: readonly I[] }): void => {
    state[key] = [...answer[key]].sort(compare);
  };
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

/** A paged list's state: the query of the page shown, its rows (under the store's own name) and the total. */
export interface PagedState<Q> extends LoadState {
  query: Q;
  total: number;
  pageSize: number;
}

/**
 * The loader of a paged list: `fetcher` gets a copy of `state.query` (the page sets it from the address bar); the
 * answer's rows (`key`), total and page size replace what is shown. `silent` (a resync) keeps the table on screen and
 * quiet when it fails.
 */
export function createPageLoader<Q, K extends string, R>(
  state: PagedState<Q> & { [P in K]: R[] },
  key: K,
  copyQuery: (query: Q) => Q,
  fallbackError: string,
) {
  const latest = createLatest();
  return (
    fetcher: (query: Q) => Promise<{ total: number; page_size: number } & { [P in K]: R[] }>,
    options: { silent?: boolean } = {},
  ): Promise<void> => {
    if (!options.silent) state.loading = true;
    const query = copyQuery(state.query);
    return loadLatest(latest, () => fetcher(query), {
      data: (page) => {
        const rows: { [P in K]: R[] } = state;
        rows[key] = page[key];
        state.total = page.total;
        state.pageSize = page.page_size;
        state.loaded = true;
        state.error = null;
      },
      error: () => {
        if (!options.silent) state.error = fallbackError;
      },
      settled: () => {
        state.loading = false;
      },
    });
  };
}
