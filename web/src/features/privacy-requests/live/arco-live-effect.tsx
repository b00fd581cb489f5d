import { ROOMS } from '@shared/events/socket-events';
import { useLiveRoom, useSocketEvent } from '../../../lib/live';
import { getArcoRequests } from '../api/privacy-api';
import { applyArcoRequest, loadArcoRequests } from '../stores/arco-store';

/** Joins the room privacidad, applies arco.updated to the queue and reloads after a reconnect. Renders nothing. */
export function ArcoLiveEffect() {
  useLiveRoom(ROOMS.privacidad, { onResync: () => void loadArcoRequests(getArcoRequests, { silent: true }) });
  useSocketEvent('arco.updated', (msg) => applyArcoRequest(msg.data.solicitud));
  return null;
}
