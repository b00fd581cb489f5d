import { ROOMS } from '@shared/events/socket-events';
import { useLiveRoom, useSocketEvent } from '../../../lib/live';
import { loadDuplicates } from '../stores/duplicates-store';
import { loadImportReview } from '../stores/import-review-store';

/**
 * 'Posibles duplicados' live: any change to the people database (a pair set aside, a merge or its undo, a reviewed
 * import row) refetches the page, and the import's review list when one is open. Renders nothing.
 */
export function DuplicatesLiveEffect() {
  const reload = () => {
    void loadDuplicates();
    void loadImportReview();
  };
  useLiveRoom(ROOMS.personas, { onResync: reload });
  useSocketEvent('personas.changed', reload);
  return null;
}
