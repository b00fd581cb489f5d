import type { DoorKind } from '@shared/contracts/door.contract';
import { ROOMS } from '@shared/events/socket-events';
import { useLiveRoom, useSocketEvent } from '../../../lib/live';
import { applyOccupancy, loadOccupancy } from '../stores/occupancy-store';

/**
 * The board's pushes on room door:{kind}:{id}: the occupancy after each change (gates, sections, level, conflicts'
 * count). The alarms are the banner's (components/ui/door-alarm-banner.tsx). After a reconnect the board reloads
 * silently. Renders nothing.
 */
export function OccupancyLiveEffect({ kind, eventId }: { kind: DoorKind; eventId: number }) {
  useLiveRoom(ROOMS.door(kind, eventId), {
    onResync: () => {
      loadOccupancy(kind, eventId).catch(() => {
        // Silent: the next reconnect or push brings the board back in step.
      });
    },
  });
  useSocketEvent('door.occupancy', (msg) => applyOccupancy(msg.data.occupancy));
  return null;
}
