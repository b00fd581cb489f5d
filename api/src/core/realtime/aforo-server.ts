import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, PushPayload, ServerEventName, ServerToClientEvents } from '@shared/events/socket-events';

/** The socket.io server and sockets typed by the socket-event map (used by the gateway and the registry alike). */
export interface SocketData {
  userId: number | null;
  sessionId: string | null;
}

export type AforoServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type AforoSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/**
 * Where a counts source sends its pushes (RealtimeRegistry.counts): rooms and a typed push, as on the server;
 * the publisher gathers them and sends them through its coalescer (push-coalescer.ts).
 */
export interface RoomSink {
  to(rooms: string | string[]): { emit<E extends ServerEventName>(event: E, payload: PushPayload<E>): void };
}
