import { ROOMS } from '@shared/events/socket-events';
import { useLiveRoom, useSocketEvent } from '../../../lib/live';
import { loadDuplicates } from '../stores/duplicates-store';

/** 'Posibles duplicados' live: any change to the people database (or a pair set aside) refetches the page. Renders nothing. */
export function DuplicatesLiveEffect() {
  useLiveRoom(ROOMS.personas, { onResync: () => void loadDuplicates() });
  useSocketEvent('personas.changed', () => void loadDuplicates());
  return null;
}
