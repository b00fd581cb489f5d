/**
 * A citizen's page opened directly asks for its data while its code is still arriving: the route's
 * `prefetch` (features/<x>/public-routes.tsx, run by main.tsx before React renders) starts the request,
 * and the page's own first call of the same GET takes that answer instead of asking again. Taken once; an
 * answer nobody took within EARLY_ANSWER_MAX_AGE_MS is dropped (the page was never shown).
 */
import { EARLY_ANSWER_MAX_AGE_MS } from './constants';

const started = new Map<string, { answer: Promise<unknown>; at: number }>();

/** Starts `run` now for the GET `path`, unless it is already under way. */
export function startEarly(path: string, run: () => Promise<unknown>): void {
  if (started.has(path)) return;
  const answer = run();
  answer.catch(() => undefined); // a failure is shown by the page that takes it
  started.set(path, { answer, at: Date.now() });
}

/** The answer started early for `path` if there is a fresh one (once), else `run()`. */
export function takeEarly<T>(path: string, run: () => Promise<T>): Promise<T> {
  const early = started.get(path);
  started.delete(path);
  return early && Date.now() - early.at <= EARLY_ANSWER_MAX_AGE_MS ? (early.answer as Promise<T>) : run();
}
