import { Injectable } from '@nestjs/common';
import { can } from '@shared/permissions';
import { DOOR_AREA, DOOR_KINDS, type DoorKind } from '@shared/contracts/door.contract';
import { ROOMS } from '@shared/events/socket-events';
import { push, type PushRoutes } from '@core/realtime/push-routes';
import type { RoomSink } from '@core/realtime/aforo-server';
import type { CountsSource, RealtimeRegistry } from '@core/realtime/realtime-registry';
import type { DoorAdapters } from './door-adapter';
import { DoorService } from './door.service';

/** The counts kind of one kind's occupancy (SocketEffects.counts): pushed once per relay batch. */
export const doorCountsKind = (kind: DoorKind) => `door:${kind}`;

/** Every staff screen of the event: its door and occupancy board, its board, its seating map. */
const STAFF_ROOMS: Record<DoorKind, (id: number) => string[]> = {
  externo: (id) => [ROOMS.door('externo', id), ROOMS.externalEvent(id)],
  interno: (id) => [ROOMS.door('interno', id), ROOMS.internalEvent(id), ROOMS.internalEventSeating(id)],
};

const occupancyMoved = (kind: DoorKind, id: number) => ({ counts: { [doorCountsKind(kind)]: [id] } });

type DoorEvent = 'door.scanned' | 'door.alarm' | 'door.stop-lifted' | 'door.emptied' | 'door.holders-merged';

/**
 * Each scan to the event's door room (ids only), and the occupancy — read once per relay batch — when it moved.
 * Alarms to every staff room of the event, once per level change.
 */
export const DOOR_PUSH_ROUTES: PushRoutes<DoorEvent> = {
  'door.scanned': (e) => ({
    pushes: [push('door.scan', [ROOMS.door(e.payload.kind, e.payload.event_id)], e.payload)],
    ...(['admitted', 'exited'].includes(e.payload.scan.result) || e.payload.scan.result === 'conflict'
      ? { effects: occupancyMoved(e.payload.kind, e.payload.event_id) }
      : {}),
  }),
  'door.alarm': (e) => ({ pushes: [push('door.alarm', STAFF_ROOMS[e.payload.kind](e.payload.event_id), e.payload)] }),
  'door.stop-lifted': (e) => ({ pushes: [], effects: occupancyMoved(e.payload.kind, e.payload.event_id) }),
  'door.emptied': (e) => ({ pushes: [], effects: occupancyMoved(e.payload.kind, e.payload.event_id) }),
  'door.holders-merged': (e) => ({ pushes: [], effects: occupancyMoved(e.payload.kind, e.payload.event_id) }),
};

/** The occupancy of some events of one kind, to their door rooms. */
@Injectable()
export class DoorOccupancyCounts {
  constructor(private readonly door: DoorService) {}

  source(kind: DoorKind): CountsSource {
    return {
      push: async (server: RoomSink, ids: number[]) => {
        for (const id of new Set(ids)) {
          const occupancy = await this.door.snapshot(kind, id);
          if (!occupancy) continue;
          server.to(ROOMS.door(kind, id)).emit('door.occupancy', {
            event_id: `door:${kind}:${id}v${occupancy.version}`,
            occurred_at: occupancy.at,
            data: { occupancy },
          });
        }
      },
    };
  }
}

/** The door rooms (staff who may view the event's area, of an event that exists), push routes and counts. */
export function registerDoorRealtime(registry: RealtimeRegistry, adapters: DoorAdapters, counts: DoorOccupancyCounts): void {
  registry.rooms(new RegExp(`^door:(${DOOR_KINDS.join('|')}):(\\d+)$`), async (user, _room, m) => {
    const kind = m[1] as DoorKind;
    return can(user, DOOR_AREA[kind], 'view') && !!(await adapters.get(kind).event(Number(m[2])));
  });
  registry.pushRoutes(DOOR_PUSH_ROUTES);
  for (const kind of DOOR_KINDS) registry.counts(doorCountsKind(kind), counts.source(kind));
}
