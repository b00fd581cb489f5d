import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@shared/events/socket-events';

/** The socket.io server and sockets typed by the socket-event map (used by the gateway and the registry alike). */
export interface SocketData {
  userId: number | null;
  sessionId: string | null;
}

export type AforoServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type AforoSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
