import type { DoorKind } from '@shared/contracts/door.contract';
import { ROOMS } from '@shared/events/socket-events';
import { useLiveRoom, useSocketEvent } from '../../../lib/live';
import { applyOccupancyPush, resyncOccupancy, scheduleListRefresh } from '../stores/door-store';

/**
 * The door's room, 'door:{kind}:{id}': the occupancy now (newer versions only); after each (re)join the occupancy
 * is read again. A change means scans at other gates: the local list is downloaded again soon, so a device that
 * loses the network knows who is already inside.
 */
export function DoorLiveEffect({ kind, eventId }: { kind: DoorKind; eventId: number }) {
  useLiveRoom(ROOMS.door(kind, eventId), { onResync: resyncOccupancy });
  useSocketEvent('door.occupancy', (msg) => {
    applyOccupancyPush(msg.data.occupancy);
    scheduleListRefresh();
  });
  return null;
}
