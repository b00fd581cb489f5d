import { useEffect } from 'react';
import { ROOMS } from '@shared/events/socket-events';
import { useLiveRoom, useSocketEvent } from '../../../lib/live';
import { applyImport, syncImports } from '../stores/import-store';
import { addCatalogueItem, loadLookupData } from '../stores/lookup-store';
import { cancelPersonasRefresh, loadPersonas, loadPersonaStats, schedulePersonasRefresh } from '../stores/personas-store';

/**
 * Joins room 'personas' while the screen is open. personas.changed refetches the current page and the
 * stats (debounced, so an import's end or several editors cause one refetch); catalogue.added adds
 * the value to the selects; import.progress moves the import bar. After a reconnect everything that
 * may have been missed is fetched again. Renders nothing.
 */
export function PersonasLiveEffect({ onPersonaChanged }: { onPersonaChanged?: (id: number | null) => void }) {
  useLiveRoom(ROOMS.personas, {
    onResync: () => {
      void loadPersonas({ silent: true });
      void loadPersonaStats();
      void loadLookupData();
      void syncImports();
    },
  });
  useSocketEvent('personas.changed', (msg) => {
    schedulePersonasRefresh();
    onPersonaChanged?.(msg.data.id);
  });
  useSocketEvent('catalogue.added', (msg) => addCatalogueItem(msg.data.type, msg.data.item));
  useSocketEvent('import.progress', (msg) => applyImport(msg.data.import));
  useEffect(() => cancelPersonasRefresh, []);
  return null;
}
