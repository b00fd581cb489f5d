/**
 * One socket.io connection per tab, authenticated with the session token. It follows the token:
 * reconnects with the new one when it changes and disconnects on sign-out. No polling anywhere.
 */
import { io, type Socket } from 'socket.io-client';
import { proxy } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import type { ClientToServerEvents, ServerToClientEvents } from '@shared/events/socket-events';
import { authState } from '../auth/auth-store';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type RoomStatus = 'joining' | 'joined' | 'error';

export const liveState = proxy<{
  status: 'offline' | 'connecting' | 'online';
  rooms: Record<string, RoomStatus>;
}>({ status: 'offline', rooms: {} });

let socket: AppSocket | null = null;
let appliedToken: string | null = null;
let retryTimer: number | undefined;
let retryDelayMs = 1000;

export function getSocket(): AppSocket {
  if (!socket) {
    socket = io({
      path: '/socket.io',
      auth: { token: authState.token },
      transports: ['websocket'],
      autoConnect: false,
    });
    wire(socket);
  }
  return socket;
}

function wire(s: AppSocket): void {
  s.on('connect', () => {
    retryDelayMs = 1000;
    liveState.status = 'online';
  });
  s.on('disconnect', (reason) => {
    liveState.status = appliedToken ? 'connecting' : 'offline';
    // socket.io does not reconnect after a server-side disconnect; a revoked session has already
    // signed out (session.revoked comes first), so while a token remains, try again.
    if (reason === 'io server disconnect') scheduleRetry(s);
  });
  s.on('connect_error', () => {
    // A refusal by the server's auth middleware is not retried by socket.io itself; retry while signed in.
    if (!s.active) scheduleRetry(s);
  });
}

function scheduleRetry(s: AppSocket): void {
  if (!appliedToken) return;
  liveState.status = 'connecting';
  window.clearTimeout(retryTimer);
  retryTimer = window.setTimeout(() => {
    if (appliedToken && !s.connected && !s.active) s.connect();
  }, retryDelayMs);
  retryDelayMs = Math.min(retryDelayMs * 2, 30_000);
}

function applyToken(token: string | null): void {
  if (token === appliedToken) return;
  appliedToken = token;
  const s = getSocket();
  window.clearTimeout(retryTimer);
  if (s.connected || s.active) s.disconnect();
  if (!token) {
    liveState.status = 'offline';
    return;
  }
  s.auth = { token };
  liveState.status = 'connecting';
  s.connect();
}

/** Starts following the session token; returns a function that stops following it. */
export function startLive(): () => void {
  applyToken(authState.token);
  return subscribeKey(authState, 'token', applyToken);
}
