import { useEffect, useEffectEvent } from 'react';
import { useSnapshot } from 'valtio';
import type { PushPayload, ServerEventName } from '@shared/events/socket-events';
import { PUSH_DEDUPE_MEMORY } from '../constants';
import { acquireRoom } from './rooms';
import { getSocket, liveState, type RoomStatus } from './socket';

/**
 * Joins `room` while the component is mounted and after every reconnect; `onResync` then refetches
 * the screen's data. Pass null to stay out (e.g. while permissions are unknown).
 */
export function useLiveRoom(room: string | null, options: { onResync?: () => void } = {}): void {
  const resync = useEffectEvent(() => options.onResync?.());
  useEffect(() => {
    if (!room) return;
    return acquireRoom(room, () => resync());
  }, [room]);
}

/** Subscribes to one server push; each event_id is handled once per subscription. */
export function useSocketEvent<E extends ServerEventName>(event: E, handler: (msg: PushPayload<E>) => void): void {
  const onPush = useEffectEvent((msg: PushPayload<E>) => handler(msg));
  useEffect(() => {
    const socket = getSocket();
    const seen = new Set<string>();
    const listener = (msg: PushPayload<E>) => {
      const id = msg?.event_id;
      if (id) {
        if (seen.has(id)) return;
        seen.add(id);
        if (seen.size > PUSH_DEDUPE_MEMORY) seen.delete(seen.values().next().value as string);
      }
      onPush(msg);
    };
    // socket.io's typed `on` cannot follow a generic event name; the map above keeps it honest.
    const untyped = socket as unknown as {
      on(e: string, l: (m: PushPayload<E>) => void): void;
      off(e: string, l: (m: PushPayload<E>) => void): void;
    };
    untyped.on(event, listener);
    return () => untyped.off(event, listener);
  }, [event]);
}

export function useRoomStatus(room: string): RoomStatus | undefined {
  return useSnapshot(liveState).rooms[room];
}

export function useLiveStatus(): 'offline' | 'connecting' | 'online' {
  return useSnapshot(liveState).status;
}

/**
 * Runs `onConnect` on every (re)connection of the socket. For rooms the server joins by itself
 * (the user's own `user:{id}`), this is when a screen refetches what it may have missed.
 */
export function useOnSocketConnect(onConnect: () => void): void {
  const handle = useEffectEvent(() => onConnect());
  useEffect(() => {
    const socket = getSocket();
    const listener = () => handle();
    socket.on('connect', listener);
    return () => {
      socket.off('connect', listener);
    };
  }, []);
}
