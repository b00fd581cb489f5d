import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from './api-client';

/**
 * What a screen loads when it opens and again after its own changes: the latest answer (null until the first), or the
 * error's message (`failure` when the server gave none); `reload` fetches again. `fetch` must keep its identity (a module's
 * function, or a useCallback).
 */
export function useReloadable<T>(fetch: () => Promise<T>, failure: string) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    fetch()
      .then((answer) => {
        setData(answer);
        setError(null);
      })
      .catch((e: unknown) => setError(errorMessage(e, failure)));
  }, [fetch, failure]);
  useEffect(reload, [reload]);
  return { data, error, reload };
}
