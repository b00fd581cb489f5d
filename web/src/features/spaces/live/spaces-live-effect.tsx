import { ROOMS } from '@shared/events/socket-events';
import { useLiveRoom, useSocketEvent } from '../../../lib/live';
import { loadEspacios, upsertEspacio } from '../stores/spaces-store';

/**
 * Joins room 'espacios' while the spaces manager is open: each espacio.changed push replaces or adds
 * that space in the list; after a reconnect the list is refetched (pushes may have been missed).
 * Renders nothing.
 */
export function SpacesLiveEffect() {
  useLiveRoom(ROOMS.espacios, { onResync: () => void loadEspacios({ silent: true }) });
  useSocketEvent('espacio.changed', (msg) => upsertEspacio(msg.data.espacio));
  return null;
}
