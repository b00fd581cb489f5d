import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { SeatingPresenceUser } from '@shared/contracts/seating.contract';
import type { OccupancyListener } from '@core/realtime/realtime-registry';

/**
 * Who is working on an event's seating map, read from the room itself: the staff whose sockets are in
 * internal-event-seating:{id} (every realtime process, through the Redis adapter). When someone joins,
 * leaves or disconnects, the list is pushed to the room, the newcomer included — no per-user heartbeat,
 * nothing to expire: a closed tab or a dropped connection leaves the room, and a reconnecting screen joins it
 * again. A realtime process killed outright takes its sockets with it without a `disconnect`: the others
 * notice it gone from their shared liveness set (RealtimeLiveness) and read the room again.
 */
@Injectable()
export class SeatingPresence {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  readonly onOccupancy: OccupancyListener = async (server, room, match) => {
    const sockets = await server.in(room).fetchSockets();
    const ids = [...new Set(sockets.map((s) => s.data.userId).filter((id): id is number => id !== null))];
    const users: SeatingPresenceUser[] = ids.length
      ? await this.ds.query(`SELECT id, name FROM users WHERE id = ANY($1::int[]) ORDER BY name, id`, [ids])
      : [];
    const eventId = Number(match[1]);
    server.to(room).emit('seating.presence', {
      event_id: `presence:${eventId}:${Date.now()}`,
      occurred_at: new Date().toISOString(),
      data: { event_id: eventId, users },
    });
  };
}
