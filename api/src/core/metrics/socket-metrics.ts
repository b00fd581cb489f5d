import type { MetricsRegistry } from './metrics-registry';

/** What the socket gauges read of a socket.io server: its default namespace's local sockets and rooms. */
export interface SocketRooms {
  of(namespace: '/'): { sockets: ReadonlyMap<string, unknown>; adapter: { rooms: ReadonlyMap<string, ReadonlySet<string>> } };
}

/**
 * A room's kind: its name with every part that is not a plain word replaced by `{id}` (`public:evento:12` →
 * `public:evento:{id}`, `session:<jti>` → `session:{id}`, `correos:programa` stays). Ids, tokens and anything a
 * person typed never become a label.
 */
export function roomKind(room: string): string {
  return room
    .split(':')
    .map((part) => (/^[a-z][a-z-]{0,39}$/.test(part) ? part : '{id}'))
    .join(':');
}

/**
 * This process's sockets (`aforo_realtime_sockets`) and, per room kind, how many rooms it holds and how many
 * sockets are in them (`aforo_realtime_rooms`, `aforo_realtime_room_sockets`). Read at scrape time from the
 * server's own maps (each socket's private room, named by its id, is not a room kind).
 */
export function watchSockets(metrics: MetricsRegistry, server: SocketRooms): void {
  const byKind = () => {
    const { sockets, adapter } = server.of('/');
    const kinds = new Map<string, { rooms: number; sockets: number }>();
    for (const [room, members] of adapter.rooms) {
      if (sockets.has(room)) continue;
      const kind = roomKind(room);
      const entry = kinds.get(kind) ?? { rooms: 0, sockets: 0 };
      entry.rooms += 1;
      entry.sockets += members.size;
      kinds.set(kind, entry);
    }
    return [...kinds];
  };
  metrics.gauge({
    name: 'aforo_realtime_sockets',
    help: 'Sockets conectados a este proceso.',
    labelNames: [],
    cacheMs: 0,
    read: () => [{ labels: {}, value: server.of('/').sockets.size }],
  });
  metrics.gauge({
    name: 'aforo_realtime_rooms',
    help: 'Salas con alguien en este proceso, por tipo de sala.',
    labelNames: ['kind'],
    cacheMs: 0,
    read: () => byKind().map(([kind, n]) => ({ labels: { kind }, value: n.rooms })),
  });
  metrics.gauge({
    name: 'aforo_realtime_room_sockets',
    help: 'Sockets en salas de este proceso, por tipo de sala (un socket en dos salas cuenta en las dos).',
    labelNames: ['kind'],
    cacheMs: 0,
    read: () => byKind().map(([kind, n]) => ({ labels: { kind }, value: n.sockets })),
  });
}
