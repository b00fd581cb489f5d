/**
 * Reference-counted room membership. A room is joined while at least one screen uses it, joined
 * again after every reconnect (the server forgets rooms with the old connection), and the screen is
 * asked to resync after every join, the first included: a screen's first fetch runs alongside the join,
 * so a change between its read and the join would otherwise be missed until the next reconnect.
 */
import type { JoinAck } from '@shared/events/socket-events';
import { ROOM_JOIN_TIMEOUT_MS } from '../constants';
import { getSocket, holdConnection, liveState } from './socket';

const refs = new Map<string, number>();
const resyncListeners = new Map<string, Set<() => void>>();
let wired = false;

function sendJoin(room: string): Promise<boolean> {
  const socket = getSocket();
  liveState.rooms[room] = 'joining';
  return new Promise((resolve) => {
    socket.timeout(ROOM_JOIN_TIMEOUT_MS).emit('room:join', room, (err: Error | null, res: JoinAck) => {
      if (!refs.has(room)) return resolve(false);
      const ok = !err && res?.ok === true;
      liveState.rooms[room] = ok ? 'joined' : 'error';
      if (!ok) console.warn(`No se pudo unir a la sala ${room}`, err ?? (res && !res.ok ? res.message : ''));
      resolve(ok);
    });
  });
}

/** Joins `room`; once in it, its screens refetch what may have changed before the join. */
function joinAndResync(room: string): void {
  void sendJoin(room).then((ok) => {
    if (!ok) return;
    for (const listener of resyncListeners.get(room) ?? []) listener();
  });
}

function wireOnce(): void {
  if (wired) return;
  wired = true;
  const socket = getSocket();
  socket.on('connect', () => {
    for (const room of refs.keys()) joinAndResync(room);
  });
  socket.on('disconnect', () => {
    for (const room of refs.keys()) liveState.rooms[room] = 'joining';
  });
  // The server's link to the other processes came back after a loss: still in every room, but pushes may
  // have been missed, so every screen refetches.
  socket.on('live.resync', () => {
    for (const room of refs.keys()) for (const listener of resyncListeners.get(room) ?? []) listener();
  });
}

/** Joins `room` (if first user); returns the release function. */
export function acquireRoom(room: string, onResync: () => void): () => void {
  wireOnce();
  const socket = getSocket();
  // A joined room needs the connection (anonymous visitors on public pages included).
  const releaseConnection = holdConnection();
  const count = refs.get(room) ?? 0;
  refs.set(room, count + 1);
  let listeners = resyncListeners.get(room);
  if (!listeners) {
    listeners = new Set();
    resyncListeners.set(room, listeners);
  }
  listeners.add(onResync);
  if (count === 0) {
    if (socket.connected) joinAndResync(room);
    else liveState.rooms[room] = 'joining';
  }

  let released = false;
  return () => {
    if (released) return;
    released = true;
    listeners.delete(onResync);
    releaseConnection();
    const left = (refs.get(room) ?? 1) - 1;
    if (left > 0) {
      refs.set(room, left);
      return;
    }
    refs.delete(room);
    resyncListeners.delete(room);
    delete liveState.rooms[room];
    if (socket.connected) socket.emit('room:leave', room);
  };
}
