import { proxy } from 'valtio';
import type { DuplicatePair } from '@shared/contracts/personas.contract';
import { errorMessage } from '../../../lib/api-client';
import { createLatest, loadLatest, notLoaded, type LoadState } from '../../../lib/loader';
import { getDuplicates } from '../api/get-duplicates';

/** 'Posibles duplicados': the page of pairs on screen; refetched on every personas.changed. */
export const duplicatesState = proxy({
  ...notLoaded(),
  pairs: [] as DuplicatePair[],
  page: 1,
  lastPage: 1,
  total: 0,
  minScore: 0,
});

const latest = createLatest();

export async function loadDuplicates(page = duplicatesState.page): Promise<void> {
  duplicatesState.loading = true;
  await loadLatest(latest, () => getDuplicates(page), {
    data(answer) {
      // A page emptied by a dismissal elsewhere: go back to the last one that exists.
      if (answer.data.length === 0 && answer.current_page > answer.last_page) {
        void loadDuplicates(answer.last_page);
        return;
      }
      Object.assign(duplicatesState, {
        pairs: answer.data,
        page: answer.current_page,
        lastPage: answer.last_page,
        total: answer.total,
        minScore: answer.min_score,
        loaded: true,
        error: null,
      } satisfies Partial<typeof duplicatesState & LoadState>);
    },
    error(error) {
      duplicatesState.error = errorMessage(error, 'No se pudieron cargar los posibles duplicados');
    },
    settled() {
      duplicatesState.loading = false;
    },
  });
}

export function resetDuplicates(): void {
  latest.invalidate();
  Object.assign(duplicatesState, { ...notLoaded(), pairs: [], page: 1, lastPage: 1, total: 0, minScore: 0 });
}
