/**
 * One socket.io connection per tab. Signed in, it authenticates with the session token and follows it:
 * it reconnects with the new token when it changes. Signed out, it connects anonymously only while a
 * screen holds it (public pages, whose rooms carry counts only), and closes shortly after the last one
 * lets go. No polling anywhere.
 */
import { io, type Socket } from 'socket.io-client';
import { proxy } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import type { ClientToServerEvents, ServerToClientEvents } from '@shared/events/socket-events';
import { authState } from '../auth/auth-store';
import { ANONYMOUS_SOCKET_GRACE_MS } from '../constants';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type RoomStatus = 'joining' | 'joined' | 'error';

export const liveState = proxy<{
  status: 'offline' | 'connecting' | 'online';
  rooms: Record<string, RoomStatus>;
}>({ status: 'offline', rooms: {} });

let socket: AppSocket | null = null;
/** undefined until startLive() ran; then the token the socket was (re)connected with, or null (anonymous). */
let appliedToken: string | null | undefined;
/** Screens currently needing the connection (each joined room holds it). */
let holds = 0;
let retryTimer: number | undefined;
let closeTimer: number | undefined;
let retryDelayMs = 1000;

/** The socket is wanted while signed in, or while a screen holds it. */
function wanted(): boolean {
  return appliedToken !== undefined && (appliedToken !== null || holds > 0);
}

export function getSocket(): AppSocket {
  if (!socket) {
    socket = io({
      path: '/socket.io',
      auth: authState.token ? { token: authState.token } : {},
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
    liveState.status = wanted() ? 'connecting' : 'offline';
    // socket.io does not reconnect after a server-side disconnect; a revoked session has already
    // signed out (session.revoked comes first), so while the socket is still wanted, try again.
    if (reason === 'io server disconnect') scheduleRetry(s);
  });
  s.on('connect_error', () => {
    // A refusal by the server's auth middleware is not retried by socket.io itself; retry while wanted.
    if (!s.active) scheduleRetry(s);
  });
}

function scheduleRetry(s: AppSocket): void {
  if (!wanted()) return;
  liveState.status = 'connecting';
  window.clearTimeout(retryTimer);
  retryTimer = window.setTimeout(() => {
    if (wanted() && !s.connected && !s.active) s.connect();
  }, retryDelayMs);
  retryDelayMs = Math.min(retryDelayMs * 2, 30_000);
}

function connectIfWanted(s: AppSocket): void {
  window.clearTimeout(closeTimer);
  if (!wanted()) {
    liveState.status = 'offline';
    return;
  }
  if (s.connected || s.active) return;
  liveState.status = 'connecting';
  s.connect();
}

function applyToken(token: string | null): void {
  if (token === appliedToken) return;
  appliedToken = token;
  const s = getSocket();
  window.clearTimeout(retryTimer);
  if (s.connected || s.active) s.disconnect();
  s.auth = token ? { token } : {};
  connectIfWanted(s);
}

/**
 * Keeps the connection open while the caller needs it (anonymous visitors included); returns the
 * release function. Rooms hold it through acquireRoom, so screens rarely call this directly.
 */
export function holdConnection(): () => void {
  holds++;
  const s = getSocket();
  connectIfWanted(s);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds--;
    if (holds > 0 || appliedToken) return;
    // Navigating between public pages releases one room and joins the next: keep the socket meanwhile.
    window.clearTimeout(closeTimer);
    closeTimer = window.setTimeout(() => {
      if (wanted()) return;
      window.clearTimeout(retryTimer);
      if (s.connected || s.active) s.disconnect();
      liveState.status = 'offline';
    }, ANONYMOUS_SOCKET_GRACE_MS);
  };
}

/** Starts following the session token; returns a function that stops following it. */
export function startLive(): () => void {
  applyToken(authState.token);
  return subscribeKey(authState, 'token', applyToken);
}
