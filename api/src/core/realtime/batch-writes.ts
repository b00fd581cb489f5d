import type { Socket as TcpSocket } from 'node:net';
import type { AforoServer } from './aforo-server';

/** What of engine.io's connection this reaches into (engine.io 6.6: Socket.flush, WebSocket transport, ws). */
interface EngineConn {
  transport?: { name?: string; writable?: boolean; socket?: { _socket?: TcpSocket } };
  flush(): void;
}

/**
 * Runs `emit` (several pushes to the sockets of `rooms` in this process) so that each WebSocket gets them in one
 * write: engine.io hands a packet to its transport at once when the transport is free and keeps the rest for the
 * write's callback, so two pushes cost two writes (two system calls, two TCP segments on loopback, two wake-ups
 * of the screen), the main cost of a push to many sockets. Here each free transport is held for the emits, then
 * given all its packets in one send with its TCP socket corked: one `writev` per socket and batch. A socket
 * whose transport is busy (a write pending) or not a WebSocket is left as engine.io has it; other processes'
 * sockets get the pushes through the adapter as before.
 */
export function writeTogether(server: AforoServer, rooms: Iterable<string>, emit: () => void): void {
  const nsp = server.of('/');
  const held: EngineConn[] = [];
  const seen = new Set<string>();
  for (const room of rooms) {
    for (const id of nsp.adapter.rooms.get(room) ?? []) {
      if (seen.has(id)) continue;
      seen.add(id);
      const conn = nsp.sockets.get(id)?.conn as unknown as EngineConn | undefined;
      const transport = conn?.transport;
      if (!transport || transport.name !== 'websocket' || transport.writable !== true) continue;
      transport.writable = false;
      held.push(conn);
    }
  }
  try {
    emit();
  } finally {
    for (const conn of held) {
      const transport = conn.transport!;
      transport.writable = true;
      const tcp = transport.socket?._socket;
      tcp?.cork();
      conn.flush();
      tcp?.uncork();
    }
  }
}
