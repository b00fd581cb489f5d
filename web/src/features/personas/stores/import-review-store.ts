import { proxy } from 'valtio';
import type { ImportDuplicateRow } from '@shared/contracts/personas.contract';
import { errorMessage } from '../../../lib/api-client';
import { createLatest, loadLatest, notLoaded } from '../../../lib/loader';
import { getImportDuplicates } from '../api/get-import-duplicates';

/** An import's rows that matched a stored person (the review list opened from the import's result); refetched on personas.changed. */
export const importReviewState = proxy({
  ...notLoaded(),
  importId: null as string | null,
  omitidas: [] as ImportDuplicateRow[],
  porRevisar: [] as ImportDuplicateRow[],
});

const latest = createLatest();

export async function loadImportReview(importId = importReviewState.importId): Promise<void> {
  if (!importId) return;
  importReviewState.importId = importId;
  importReviewState.loading = true;
  await loadLatest(latest, () => getImportDuplicates(importId), {
    data(answer) {
      Object.assign(importReviewState, { omitidas: answer.omitidas, porRevisar: answer.por_revisar, loaded: true, error: null });
    },
    error(error) {
      importReviewState.error = errorMessage(error, 'No se pudo cargar la revisión de la importación');
    },
    settled() {
      importReviewState.loading = false;
    },
  });
}

export function resetImportReview(): void {
  latest.invalidate();
  Object.assign(importReviewState, { ...notLoaded(), importId: null, omitidas: [], porRevisar: [] });
}
